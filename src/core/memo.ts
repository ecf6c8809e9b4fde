/**
 * A stage's result remembered by its declared input, the way icepool caches an evaluation by
 * its state. `fn` takes a plain object holding everything it reads, built in one place by its
 * rule (evadeInput, the save stage's input, a strike's dice): every input of one memo has the
 * same fields in the same order, so its values in that order are a complete key (keyOf), and
 * nothing has to be kept in step by hand. Inputs of one stage repeat across a batch's varied
 * lines (a target number, a count of dice), so each distinct one is walked once. The table is
 * emptied when it reaches `limit` entries: memory stays flat on any input.
 */
export function memoise<I extends object, O>(fn: (input: I) => O, limit = 4096): (input: I) => O {
  let table = new Map<string, O>()
  return (input) => {
    const key = keyOf(input)
    let out = table.get(key)
    if (out !== undefined || table.has(key)) return out as O
    out = fn(input)
    if (table.size >= limit) table = new Map()
    table.set(key, out)
    return out
  }
}

/**
 * The key of a declared input: its values in field order, separated, each record and list
 * bracketed and each string quoted, so "1,(2,3)" never meets "1,2,3" or "12,3". The field names
 * are left out (one memo's inputs share them): a batch line looks several inputs up, and this is
 * about half the time of their JSON text.
 */
function keyOf(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v)
  if (typeof v !== 'object' || v === null) return typeof v === 'bigint' ? `${v}n` : String(v)
  const list = Array.isArray(v)
  let key = list ? '[' : '{'
  for (const k in v) key += keyOf((v as Record<string, unknown>)[k]) + ','
  return key + (list ? ']' : '}')
}
