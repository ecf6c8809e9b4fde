/**
 * A stage's result remembered by its declared input, the way icepool caches an evaluation by
 * its state. `fn` takes a plain object holding everything it reads (a stage input type built in
 * one place by its rule), so its JSON text is a complete key and nothing has to be kept in step
 * by hand. Inputs of one stage repeat across a batch's varied lines (a target number, a count of
 * dice), so each distinct one is walked once. The table is emptied when it reaches `limit`
 * entries: memory stays flat on any input.
 */
export function memoise<I extends object, O>(fn: (input: I) => O, limit = 4096): (input: I) => O {
  let table = new Map<string, O>()
  return (input) => {
    const key = JSON.stringify(input)
    if (table.has(key)) return table.get(key) as O
    const out = fn(input)
    if (table.size >= limit) table = new Map()
    table.set(key, out)
    return out
  }
}
