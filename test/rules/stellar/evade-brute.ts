/**
 * An independent model of a plain shot's evade dice, written from the quickstart for the tests
 * (no code of src/ used): every face of every die enumerated, the defender's rerolls chosen by
 * trying every set of dice it may reroll, the armor saves as a binomial.
 *
 * The shot: Acc against Evade (+1 with a Dodge), `shots` d10s; 1-2 a critical worth 2 hits (at
 * most 3 criticals, the rest 1 hit each), 9-10 a miss, the target number or more an evade, else a
 * hit; blocks: the shield and a Guard's 1; each unblocked hit deals `dmg`; PEN 2+ calls for a d10
 * save per unblocked hit (at most 3), failed below PEN - ARM Sv, each failure 1000 more.
 * The defender's policy: least chance of being destroyed, then least expected damage capped at
 * its HP (without HP: least expected damage).
 */
export interface PlainShot {
  acc: number
  evade: number
  dodge: boolean
  guard: boolean
  shots: number
  dmg: number
  pen: number
  armSv: number
  shield: number
  hp?: number
  /** Evade dice the defender may reroll. */
  rerolls: number
}

/** One outcome's worth to the defender, and its damage distribution. */
export interface Worth {
  destroyed: number
  capped: number
  /** damage → chance */
  damage: Map<number, number>
}

function binomial(n: number, k: number): number {
  let c = 1
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1)
  return c
}

/** One outcome of the shot once its evade dice are known: what the target takes, with its chance. */
export interface ShotOutcome {
  damage: number
  failedSaves: number
  unblockedHits: number
  q: number
}

/** What the shot does once the evade dice show `faces`: each number of failed saves. */
export function shotOutcomes(p: PlainShot, faces: readonly number[]): ShotOutcome[] {
  const target = p.acc - p.evade - (p.dodge ? 1 : 0)
  let crits = 0
  let hits = 0
  for (const f of faces) {
    if (f <= 2) crits++
    else if (f >= 9) continue
    else if (f < target) hits++
  }
  const total = 2 * Math.min(crits, 3) + Math.max(0, crits - 3) + hits
  const unblocked = Math.max(0, total - p.shield - (p.guard ? 1 : 0))
  const owed = p.pen >= 2 ? Math.min(unblocked, 3) : 0
  const tn = p.pen - p.armSv
  const fail = tn <= 1 ? 0 : (tn - 1) / 10
  const out: ShotOutcome[] = []
  for (let k = 0; k <= owed; k++) {
    const q = binomial(owed, k) * fail ** k * (1 - fail) ** (owed - k)
    if (q > 0) out.push({ damage: unblocked * p.dmg + 1000 * k, failedSaves: k, unblockedHits: unblocked, q })
  }
  return out
}

/** What the shot does once the evade dice show `faces` (saves enumerated), against `hp`. */
export function worthOf(p: PlainShot, faces: readonly number[], hp = p.hp): Worth {
  const damage = new Map<number, number>()
  let destroyed = 0
  let capped = 0
  for (const { damage: d, q } of shotOutcomes(p, faces)) {
    damage.set(d, (damage.get(d) ?? 0) + q)
    if (hp !== undefined && d >= hp) destroyed += q
    capped += q * (hp === undefined ? d : Math.min(d, hp))
  }
  return { destroyed, capped, damage }
}

/** Every vector of `n` d10 faces. */
export function allFaces(n: number): number[][] {
  let out: number[][] = [[]]
  for (let i = 0; i < n; i++) {
    const next: number[][] = []
    for (const v of out) for (let f = 1; f <= 10; f++) next.push([...v, f])
    out = next
  }
  return out
}

function mix(parts: Array<[Worth, number]>): Worth {
  const damage = new Map<number, number>()
  let destroyed = 0
  let capped = 0
  for (const [w, q] of parts) {
    destroyed += q * w.destroyed
    capped += q * w.capped
    for (const [d, r] of w.damage) damage.set(d, (damage.get(d) ?? 0) + q * r)
  }
  return { destroyed, capped, damage }
}

/** Better for the defender: less chance destroyed, then less capped damage (within 1e-12). */
function spares(a: Worth, b: Worth): boolean {
  if (Math.abs(a.destroyed - b.destroyed) > 1e-12) return a.destroyed < b.destroyed
  return a.capped < b.capped - 1e-9
}

/**
 * The defender's best reroll of the `faces` it rolled, up to `rerolls` dice of any kind: every
 * set of dice tried, each rerolled die over its 10 faces. Returns the worth and how many dice
 * the best set rerolls (the smallest set among equals).
 */
export function bestReroll(
  p: PlainShot,
  faces: readonly number[],
  rerolls: number,
  hp = p.hp,
): { worth: Worth; count: number } {
  let best: { worth: Worth; count: number } | undefined
  const n = faces.length
  const sets: number[][] = []
  for (let mask = 0; mask < 1 << n; mask++) {
    const set = faces.map((_, i) => i).filter((i) => mask & (1 << i))
    if (set.length <= rerolls) sets.push(set)
  }
  sets.sort((a, b) => a.length - b.length)
  for (const set of sets) {
    const parts: Array<[Worth, number]> = []
    for (const again of allFaces(set.length)) {
      const f = faces.slice()
      set.forEach((i, k) => (f[i] = again[k]))
      parts.push([worthOf(p, f, hp), 10 ** -set.length])
    }
    const w = mix(parts)
    if (!best || spares(w, best.worth)) best = { worth: w, count: set.length }
  }
  return best!
}

/** The whole shot, every face enumerated, rerolls chosen by bestReroll. */
export function bruteShot(p: PlainShot): Worth {
  const parts: Array<[Worth, number]> = []
  for (const faces of allFaces(p.shots)) parts.push([bestReroll(p, faces, p.rerolls).worth, 10 ** -p.shots])
  return mix(parts)
}
