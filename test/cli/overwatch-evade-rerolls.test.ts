import { describe, expect, it } from 'vitest'
import { mechaJson } from './in-process.js'

/**
 * Issue #26 item 9: the charger "rolls Evade and uses their Shield as normal" against overwatch,
 * so its evade rerolls apply to the overwatch dice: Three Times as Fast! (3 an attack), Blockade
 * Runner (2 an attack), Spread M-Particles (1 an attack) and Improvise (2, once a round, weighed
 * over the charge: here over the overwatch, the clash gaining nothing from it). Checked
 * through the stable interface, `mecha melee … --odds --json` (its `odds.overwatch.damage`),
 * against a brute force written here from the quickstart alone: every face of every die
 * enumerated, every set of dice the charger may reroll tried, every rerolled face enumerated.
 *
 * The overwatch shot: Acc against the charger's Evade (no Precision, Barrage, Dodge or Guard);
 * natural 1-2 a critical worth 2 hits (at most 3 such), 9-10 a miss, the target number or more
 * evaded, else a hit; the charger's shield blocks; each unblocked hit deals DMG; PEN 2+ calls for
 * a save per unblocked hit (at most 3), failed on a d10 below PEN - ARM Sv, each failure +1000.
 * The charger's pick (the project's policy for every automatic choice, docs/rules-notes.md):
 * with its HP known, the least chance of being destroyed, then the least expected damage capped
 * at the HP; without HP, the least expected damage; then the fewest expected failed saves, then
 * unblocked hits; ties to the fewest dice rerolled.
 */

interface Ow {
  acc: number
  evade: number
  shots: number
  dmg: number
  pen: number
  armSv: number
  shield: number
}

/** damage → chance */
type Dist = Map<number, number>

const D10 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]

function add(m: Dist, k: number, p: number): void {
  if (p > 0) m.set(k, (m.get(k) ?? 0) + p)
}

/** Binomial coefficient. */
function choose(n: number, k: number): number {
  let c = 1
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1)
  return c
}

type Kind = 'crit' | 'hit' | 'other'

function kind(o: Ow, f: number): Kind {
  if (f <= 2) return 'crit'
  if (f >= 9) return 'other'
  return f >= o.acc - o.evade ? 'other' : 'hit'
}

/** What the faces do: the damage distribution, with the unblocked hits and the failed saves' mean. */
function outcome(o: Ow, faces: readonly number[]): { dist: Dist; hits: number; fails: number } {
  let crits = 0
  let hits = 0
  for (const f of faces) {
    const k = kind(o, f)
    if (k === 'crit') crits++
    else if (k === 'hit') hits++
  }
  const total = 2 * Math.min(crits, 3) + Math.max(0, crits - 3) + hits
  const unblocked = Math.max(0, total - o.shield)
  const saves = o.pen >= 2 ? Math.min(unblocked, 3) : 0
  const tn = o.pen - o.armSv
  const q = tn <= 1 ? 0 : (tn - 1) / 10
  const dist: Dist = new Map()
  for (let k = 0; k <= saves; k++)
    add(dist, unblocked * o.dmg + 1000 * k, choose(saves, k) * q ** k * (1 - q) ** (saves - k))
  return { dist, hits: unblocked, fails: saves * q }
}

/** The charger's worth of a pick: the policy's quantities, least first. */
function worth(dist: Dist, hits: number, fails: number, hp: number | undefined): number[] {
  let destroyed = 0
  let capped = 0
  for (const [d, p] of dist) {
    if (hp !== undefined && d >= hp) destroyed += p
    capped += p * (hp === undefined ? d : Math.min(d, hp))
  }
  return [destroyed, capped, fails, hits]
}

function better(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const tol = 1e-9 * Math.max(1, Math.abs(a[i]), Math.abs(b[i]))
    if (a[i] < b[i] - tol) return true
    if (a[i] > b[i] + tol) return false
  }
  return false
}

/** Every subset of `items` of at most `k` elements, smallest first. */
function subsets(items: number[], k: number): number[][] {
  let out: number[][] = [[]]
  for (const x of items) out = [...out, ...out.filter((s) => s.length < k).map((s) => [...s, x])]
  return out.sort((a, b) => a.length - b.length)
}

/** The rerolled dice's every face, each with the faces it makes. */
function rerolled(faces: readonly number[], dice: number[]): number[][] {
  let out = [faces.slice()]
  for (const i of dice)
    out = out.flatMap((v) =>
      D10.map((f) => {
        const w = v.slice()
        w[i] = f
        return w
      }),
    )
  return out
}

/** The charger's best pick for these faces: its damage distribution and how many dice it rerolls. */
function bestPick(
  o: Ow,
  faces: readonly number[],
  k: number,
  hp: number | undefined,
): { dist: Dist; count: number; w: number[] } {
  const eligible = faces.flatMap((f, i) => (kind(o, f) === 'other' ? [] : [i]))
  let best: { dist: Dist; count: number; w: number[] } | undefined
  for (const pick of subsets(eligible, k)) {
    const dist: Dist = new Map()
    let hits = 0
    let fails = 0
    const all = rerolled(faces, pick)
    for (const v of all) {
      const r = outcome(o, v)
      for (const [d, p] of r.dist) add(dist, d, p / all.length)
      hits += r.hits / all.length
      fails += r.fails / all.length
    }
    const w = worth(dist, hits, fails, hp)
    if (!best || better(w, best.w)) best = { dist, count: pick.length, w }
  }
  return best!
}

/** Every vector of `n` d10 faces. */
function allFaces(n: number): number[][] {
  let out: number[][] = [[]]
  for (let i = 0; i < n; i++) out = out.flatMap((v) => D10.map((f) => [...v, f]))
  return out
}

/**
 * The overwatch damage of `attacks` attacks: `perAttack` rerolls each; with HP, each pick weighs
 * the HP left and firing stops once the charger is destroyed. Improvise (2 more, once a round) is
 * weighed without HP and with a clash it cannot change (no melee attack dice): the charger spends
 * it on an attack's dice when its best pick rerolls more than `perAttack` and that leaves less
 * expected overwatch damage over the rest of the attacks (then fewer failed saves, then fewer
 * unblocked hits) than the best pick keeping it; `then` says what the rest is worth.
 */
function bruteOverwatch(
  o: Ow,
  attacks: number,
  perAttack: number,
  improvise: boolean,
  hp?: number,
  /** Adds up the chance that the first attack keeps Improvise where its best pick would spend it. */
  kept = { first: 0 },
): Dist {
  // Each (attacks left, Improvise left, HP left) is worked out once: the damage distribution, and
  // the expected damage, failed saves and unblocked hits of the rest.
  const seen = new Map<string, { dist: Dist; rest: number[] }>()
  const go = (left: number, improviseLeft: boolean, hpLeft: number | undefined) => {
    const key = `${left} ${improviseLeft} ${hpLeft}`
    const known = seen.get(key)
    if (known) return known
    const out = { dist: new Map() as Dist, rest: [0, 0, 0] }
    seen.set(key, out)
    if (left === 0 || (hpLeft !== undefined && hpLeft <= 0)) {
      out.dist.set(0, 1)
      return out
    }
    const faces = allFaces(o.shots)
    for (const v of faces) {
      let pick = bestPick(o, v, perAttack + (improviseLeft ? 2 : 0), hpLeft)
      let spent = improviseLeft && pick.count > perAttack
      const then = (p: typeof pick, stillLeft: boolean) => {
        const rest = go(left - 1, stillLeft, hpLeft).rest
        return [p.w[1] + rest[0], p.w[2] + rest[1], p.w[3] + rest[2]]
      }
      if (spent) {
        const keep = bestPick(o, v, perAttack, hpLeft)
        if (!better(then(pick, false), then(keep, true))) {
          pick = keep
          spent = false
          if (left === attacks) kept.first += 1 / faces.length
        }
      }
      const after = then(pick, improviseLeft && !spent)
      for (let i = 0; i < 3; i++) out.rest[i] += after[i] / faces.length
      for (const [d, p] of pick.dist) {
        const rest = go(left - 1, improviseLeft && !spent, hpLeft === undefined ? undefined : hpLeft - d).dist
        for (const [d2, p2] of rest) add(out.dist, d + d2, (p * p2) / faces.length)
      }
    }
    return out
  }
  return go(attacks, improvise, hp).dist
}

const OW: Ow = { acc: 9, evade: 3, shots: 3, dmg: 300, pen: 5, armSv: 1, shield: 1 }

/**
 * `mecha melee` with this overwatch at the charger; the clash kept small (it is not compared), the
 * charger with no attack dice, so that Improvise kept for the clash is worth nothing there.
 */
function meleeArgs(o: Ow, attacks: number, extra: string[]): string[] {
  return [
    'melee',
    '--atk-split',
    '0/1',
    '--atk-dmg',
    '100',
    '--def-split',
    '0/1',
    '--def-dmg',
    '100',
    '--def-choice',
    'guard',
    '--atk-evade',
    String(o.evade),
    '--atk-shield',
    String(o.shield),
    '--atk-arm-sv',
    String(o.armSv),
    '--def-overwatch',
    String(attacks),
    '--def-ow-acc',
    String(o.acc),
    '--def-ow-shots',
    String(o.shots),
    '--def-ow-dmg',
    String(o.dmg),
    '--def-ow-pen',
    String(o.pen),
    '--odds',
    '--json',
    ...extra,
  ]
}

function overwatchOdds(args: string[]): Dist {
  const j = mechaJson(args)
  return new Map(
    Object.entries(j.odds.overwatch.damage as Record<string, number>).map(([d, p]) => [Number(d), p]),
  )
}

function expectSame(got: Dist, want: Dist): void {
  const live = (m: Dist) => [...m].filter(([, p]) => p > 1e-15).sort((a, b) => a[0] - b[0])
  expect(live(got).map(([d]) => d)).toEqual(live(want).map(([d]) => d))
  for (const [d, p] of live(want)) expect(got.get(d), `P(${d})`).toBeCloseTo(p, 12)
}

const mean = (m: Dist) => [...m].reduce((s, [d, p]) => s + d * p, 0)

describe('melee: the charger rerolls evade dice against overwatch, exact odds against a brute force', () => {
  const plain = bruteOverwatch(OW, 1, 0, false)

  it('no rerolls: the brute force is the overwatch odds (the two models agree to begin with)', () => {
    expectSame(overwatchOdds(meleeArgs(OW, 1, [])), plain)
  })

  it.each([
    ['Three Times as Fast!', ['--atk-trait', 'three-times-as-fast'], 3, false],
    ['Blockade Runner', ['--atk-trait', 'blockade-runner'], 2, false],
    ['Spread M-Particles', ['--atk-m-particles'], 1, false],
    ['Improvise', ['--atk-trait', 'improvise'], 0, true],
    [
      'Blockade Runner and Spread M-Particles (they add up)',
      ['--atk-trait', 'blockade-runner', '--atk-m-particles'],
      3,
      false,
    ],
  ])('%s applies to the overwatch dice', (_name, flags, perAttack, improvise) => {
    const want = bruteOverwatch(OW, 1, perAttack as number, improvise as boolean)
    expectSame(overwatchOdds(meleeArgs(OW, 1, flags as string[])), want)
    expect(mean(want)).toBeLessThan(mean(plain) - 1)
  })

  it.each([
    ['Three Times as Fast!', ['--atk-trait', 'three-times-as-fast'], 3],
    ['Blockade Runner', ['--atk-trait', 'blockade-runner'], 2],
    ['Spread M-Particles', ['--atk-m-particles'], 1],
  ])(
    '%s: each of two overwatch attacks, against the HP left (firing stops at destruction)',
    (_n, flags, perAttack) => {
      const o = Object.assign({}, OW, { shots: 2 })
      const want = bruteOverwatch(o, 2, perAttack as number, false, 1000)
      expectSame(overwatchOdds(meleeArgs(o, 2, [...(flags as string[]), '--atk-hp', '1000'])), want)
    },
  )

  it('Improvise is once a round: kept on the first overwatch attack when the second may need it more, none left after', () => {
    const o = Object.assign({}, OW, { shots: 2 })
    const kept = { first: 0 }
    const want = bruteOverwatch(o, 2, 0, true, undefined, kept)
    expectSame(overwatchOdds(meleeArgs(o, 2, ['--atk-trait', 'improvise'])), want)
    expect(kept.first).toBeCloseTo(0.09, 12)
    // Not the same as 2 rerolls on each attack.
    const twice = bruteOverwatch(o, 2, 2, false)
    expect(mean(want)).toBeGreaterThan(mean(twice) + 1)
  })
})

describe("melee: the charger's Improvise weighed over the charge (docs/mechastellar.md's example)", () => {
  it('argonaut:heat-hawk at dervish with Improvise keeps it often: more overwatch damage taken, more attack damage dealt', () => {
    const o = mechaJson([
      ...['melee', 'argonaut:heat-hawk', 'dervish', '--roster', 'examples/roster.yaml'],
      ...['--atk-trait', 'improvise', '--odds', '--json'],
    ]).odds
    // Spent on the first overwatch attack it helped (before), these were 329.70, 1032.24, 5.91%, 27.69%.
    expect(o.expected.overwatchDamage).toBeCloseTo(479.68, 9)
    expect(o.expected.attackDamage).toBeCloseTo(1548.2746025475, 6)
    expect(o.expected.destroyed.defender).toBeCloseTo(0.1255814581, 9)
    expect(o.expected.destroyed.attacker).toBeCloseTo(0.219344773378, 9)
  })
})
