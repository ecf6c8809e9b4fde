/**
 * The known name nearest to a mistyped one, for "did you mean …?": a prefix either way counts as
 * one edit; anything further than a third of the name (at least 2 edits) is no suggestion.
 */
export function nearest(name: string, names: readonly string[]): string | undefined {
  const n = name.toLowerCase()
  let best: string | undefined
  let bestD = Infinity
  for (const c of names) {
    const l = c.toLowerCase()
    const d = l.startsWith(n) || n.startsWith(l) ? Math.min(1, editDistance(n, l)) : editDistance(n, l)
    if (d < bestD) {
      bestD = d
      best = c
    }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(n.length / 3)) ? best : undefined
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
