/**
 * Names longer than this are never measured letter by letter: nobody mistypes a name that long
 * (it was pasted, or is not a name), and the measure costs the product of the two lengths (a
 * 1 MB trait name took seconds against the trait list).
 */
const MAX_COMPARED = 200

/**
 * The known name nearest to a mistyped one, for "did you mean …?": a prefix either way counts as
 * one edit; anything further than a third of the name (at least 2 edits) is no suggestion.
 */
export function nearest(name: string, names: readonly string[]): string | undefined {
  const n = name.toLowerCase()
  const most = Math.max(2, Math.floor(n.length / 3))
  let best: string | undefined
  let bestD = Infinity
  for (const c of names) {
    const l = c.toLowerCase()
    let d: number
    if (l.startsWith(n) || n.startsWith(l)) d = l === n ? 0 : 1
    // The lengths' difference is at least the distance: a name that cannot come near is skipped.
    else if (Math.abs(n.length - l.length) > Math.min(most, bestD - 1)) continue
    else if (n.length > MAX_COMPARED || l.length > MAX_COMPARED) continue
    else d = editDistance(n, l)
    if (d < bestD) {
      bestD = d
      best = c
    }
  }
  return best !== undefined && bestD <= most ? best : undefined
}

/** Levenshtein distance: the fewest single-character edits from `a` to `b`. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = cur
  }
  return prev[b.length]
}
