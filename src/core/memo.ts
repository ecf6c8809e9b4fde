/**
 * A stage's result remembered by its declared input, the way icepool caches an evaluation by
 * its state. `fn` takes a plain object holding everything it reads, with every field present:
 * a stage input type built in one place by its rule (a literal, so its fields come in one order).
 * Its values are then a complete key and nothing has to be kept in step by hand. Inputs of one
 * stage repeat across a batch's varied lines (a target number, a count of dice), so each
 * distinct one is walked once. The table is emptied when it reaches `limit` entries: memory
 * stays flat on any input.
 */
export function memoise<I extends object, O>(fn: (input: I) => O, limit = 4096): (input: I) => O {
  const seen = new Map<string, O>()
  return (input) => {
    const key = keyOf(input)
    let out = seen.get(key)
    if (out === undefined) {
      if (seen.size >= limit) seen.clear()
      out = fn(input)
      seen.set(key, out)
    }
    return out
  }
}

/**
 * The values of a stage input in field order, unambiguous: strings quoted, nested objects
 * bracketed (JSON's work without the field names, which one literal's order makes redundant).
 */
function keyOf(input: object): string {
  let key = ''
  for (const v of Object.values(input))
    key +=
      (typeof v === 'string'
        ? JSON.stringify(v)
        : typeof v === 'object' && v !== null
          ? `(${keyOf(v as object)})`
          : String(v)) + ','
  return key
}
