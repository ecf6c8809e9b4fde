/**
 * A stage's result remembered by its declared input, the way icepool caches an evaluation by
 * its state. `fn` takes a plain object holding everything it reads, with every field present:
 * a stage input type built in one place by its rule (a literal, so its fields come in one order).
 * Its values are then a complete key and nothing has to be kept in step by hand. Inputs of one
 * stage repeat across a batch's varied lines (a target number, a count of dice), so each
 * distinct one is walked once. The table is emptied when it reaches `limit` entries: memory
 * stays flat on any input.
 *
 * The table is a tree with one level per value, in field order (nested objects between two
 * markers), so looking an input up costs a few map lookups and builds no key text.
 */
export function memoise<I extends object, O>(fn: (input: I) => O, limit = 4096): (input: I) => O {
  let root: Node = new Map()
  let size = 0
  return (input) => {
    const leaf = descend(root, input)
    if (leaf.has(RESULT)) return leaf.get(RESULT) as O
    const out = fn(input)
    if (size >= limit) {
      root = new Map()
      size = 0
      descend(root, input).set(RESULT, out)
    } else leaf.set(RESULT, out)
    size++
    return out
  }
}

type Node = Map<unknown, unknown>

const RESULT = Symbol('result')
const OPEN = Symbol('(')
const CLOSE = Symbol(')')

/** The node of `input`'s values below `node`, made where missing. */
function descend(node: Node, input: object): Node {
  for (const field in input) {
    const v = (input as Record<string, unknown>)[field]
    if (typeof v === 'object' && v !== null) node = child(descend(child(node, OPEN), v), CLOSE)
    else node = child(node, v)
  }
  return node
}

function child(node: Node, key: unknown): Node {
  let next = node.get(key) as Node | undefined
  if (next === undefined) node.set(key, (next = new Map()))
  return next
}
