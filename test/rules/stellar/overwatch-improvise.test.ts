import { describe, expect, it } from 'vitest'
import { walk } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { type ClashChoice, type Melee, type Split } from '../../../src/rules/stellar/melee.js'
import { meleeOdds, resolveMelee } from '../../../src/rules/stellar/melee-flow.js'
import type { ShotResult } from '../../../src/rules/stellar/shoot.js'
import { parsePen } from '../../../src/rules/stellar/weapon.js'
import { type ShotOutcome, shotOutcomes } from './evade-brute.js'
import { allFaces, melee, side } from './melee-fixture.js'

/**
 * The charger's Improvise on overwatch (W and Q: Improvise "once per Round"; Q, Charge into Melee:
 * the defender's overwatch comes "before entering the Melee Clash", then both sides clash). The
 * charger decides after each overwatch attack's evade dice whether to spend Improvise on them
 * (the shot's own best pick of up to 2 dice) or keep it for its melee attack dice, by what the
 * rest of the charge is worth to it: the later overwatch attacks and the clash, scored as the
 * clash's choices are (damage dealt minus taken, each capped at the side's HP; then the chance the
 * defender is destroyed minus the charger's; then failed saves, then unblocked hits).
 *
 * The oracle here is written from that reading: the overwatch's evade dice enumerated face by
 * face, every set of up to 2 dice tried for the shot's best pick, its saves as a binomial, each
 * state's worth by backward induction to the clash, and the clash walked die by die with the
 * charger's Improvise kept or spent and the HP it has left.
 */

interface Overwatch {
  attacks: number
  acc: number
  shots: number
  dmg: number
  pen: number
}

interface ChargeSpec {
  /** The charger: Improvise, no shield, no Momentum. */
  melee: number
  dmg: number
  pen: string
  hp: number
  evade: number
  armSv: number
  defMelee: number
  defDmg: number
  defHp: number
  defArmSv: number
  ow: Overwatch
  split: ClashChoice
}

function charge(c: ChargeSpec): Melee {
  const atk = side({
    unit: { melee: c.melee, hp: c.hp, evade: c.evade, armSv: c.armSv },
    weapon: { dmg: c.dmg },
    pen: c.pen,
  })
  atk.mods.improvise = true
  return melee({
    atk,
    def: side({ unit: { melee: c.defMelee, hp: c.defHp, armSv: c.defArmSv }, weapon: { dmg: c.defDmg } }),
    ...c.split,
    situation: {
      overwatch: {
        attacks: c.ow.attacks,
        acc: c.ow.acc,
        shots: c.ow.shots,
        dmg: c.ow.dmg,
        pen: parsePen(String(c.ow.pen), 'pen'),
        targetLock: false,
      },
    },
  })
}

const split = (a: number, d: number): Split => ({ attack: a, defense: d })

// ---- the oracle's overwatch attack: a plain shot at the charger (Evade, ARM Sv, no shield)

type Hit = ShotOutcome

/**
 * The overwatch attack once its evade dice are known (evade-brute.ts, from the quickstart): the
 * charger's Evade, no shield, its ARM Sv against the overwatch's PEN.
 */
function shotFrom(c: ChargeSpec, faces: readonly number[]): Hit[] {
  const k = [...faces].sort((a, b) => a - b).join(' ')
  let hits = shots.get(c)?.get(k)
  if (!hits) {
    if (!shots.has(c)) shots.set(c, new Map())
    const p = { ...c.ow, evade: c.evade, dodge: false, guard: false, armSv: c.armSv, shield: 0, rerolls: 0 }
    shots.get(c)!.set(k, (hits = shotOutcomes(p, faces)))
  }
  return hits
}
const shots = new WeakMap<ChargeSpec, Map<string, Hit[]>>()

/** Every way the dice at `set` may be rerolled: the faces after, each with its chance. */
function rerolled(faces: readonly number[], set: readonly number[]): Array<[number[], number]> {
  return [...allFaces(set.length)].map((again) => {
    const f = faces.slice()
    set.forEach((i, k) => (f[i] = again[k]))
    return [f, 10 ** -set.length]
  })
}

/** Lexicographic comparison within a small tolerance: >0 when `a` is higher. */
function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++)
    if (Math.abs(a[i] - b[i]) > 1e-9 * Math.max(1, Math.abs(a[i]), Math.abs(b[i])))
      return a[i] > b[i] ? 1 : -1
  return 0
}

/**
 * The shot's own pick (choice.ts's policy, from the charger's side against the HP it has left):
 * every set of up to 2 dice tried, the least chance of destruction, then the least capped damage,
 * failed saves and unblocked hits; ties to fewer dice.
 */
function shotPick(c: ChargeSpec, faces: readonly number[], hpLeft: number): number[] {
  let best: { set: number[]; score: number[] } | undefined
  const n = faces.length
  const sets: number[][] = []
  for (let mask = 0; mask < 1 << n; mask++) {
    const set = faces.map((_, i) => i).filter((i) => mask & (1 << i))
    if (set.length <= 2) sets.push(set)
  }
  sets.sort((a, b) => a.length - b.length)
  for (const set of sets) {
    const score = [0, 0, 0, 0]
    for (const [f, p] of rerolled(faces, set))
      for (const h of shotFrom(c, f)) {
        score[0] -= p * h.q * (h.damage >= hpLeft ? 1 : 0)
        score[1] -= p * h.q * Math.min(h.damage, hpLeft)
        score[2] -= p * h.q * h.failedSaves
        score[3] -= p * h.q * h.unblockedHits
      }
    if (!best || compare(score, best.score) > 0) best = { set, score }
  }
  return best!.set
}

// ---- the oracle's clash: walked die by die after the overwatch

/** The clash alone: the charger with the HP it has left, and Improvise unless spent on overwatch. */
function clashAfter(m: Melee, damage: number, improvised: boolean, choice: ClashChoice): Melee {
  return {
    ...m,
    ...choice,
    openChoices: undefined,
    atk: {
      ...m.atk,
      unit: { ...m.atk.unit, hp: m.atk.unit.hp! - damage },
      mods: { ...m.atk.mods, improvise: !improvised },
    },
    situation: { ...m.situation, overwatch: null },
  }
}

/** One end of the charge: each side's total damage, and the overwatch's part of the charger's. */
interface Leaf {
  attacker: number
  defender: number
  overwatch: number
}

/** The oracle's charge: the worth of each state (backward induction), the damages' distribution, the decisions made. */
class Oracle {
  private readonly worths = new Map<string, number[]>()
  private readonly clashes = new Map<string, ReturnType<typeof walk<ReturnType<typeof resolveMelee>>>>()
  private readonly decisions = new Map<string, { set: number[]; spent: boolean }>()
  private readonly ends = new Map<string, Map<string, number>>()

  constructor(
    private readonly c: ChargeSpec,
    private readonly m: Melee,
  ) {}

  /** The clash after the overwatch, with the choice made there (open choices: `choose`). */
  private clash(damage: number, improvised: boolean, choice = this.choose(damage, improvised)) {
    const k = `${damage} ${improvised} ${JSON.stringify(choice)}`
    let d = this.clashes.get(k)
    if (!d)
      this.clashes.set(
        k,
        (d = walk((dice) => resolveMelee(dice, clashAfter(this.m, damage, improvised, choice)))),
      )
    return d
  }

  /**
   * The clash's choice after the overwatch: the given one, or with open choices the attacker's
   * split that scores best against the defender's lowest-scoring answer (a reaction and a split),
   * the earlier of equals (splits from most attack dice, Counter before Guard), each option's
   * clash walked.
   */
  private choose(damage: number, improvised: boolean): ClashChoice {
    if (!this.m.openChoices) return this.c.split
    const splits = (n: number) => Array.from({ length: n + 1 }, (_, i) => split(n - i, i))
    let best: { choice: ClashChoice; score: number[] } | undefined
    for (const atkSplit of splits(this.c.melee)) {
      let answer: { choice: ClashChoice; score: number[] } | undefined
      for (const defChoice of ['counter', 'guard'] as const)
        for (const defSplit of splits(this.c.defMelee)) {
          const choice = { atkSplit, defSplit, defChoice }
          const score = this.clashScore(damage, improvised, choice)
          if (!answer || compare(score, answer.score) < 0) answer = { choice, score }
        }
      if (!best || compare(answer!.score, best.score) > 0) best = answer
    }
    return best!.choice
  }

  /** The clash's score for the charger (melee-choice.ts's order), its HP the HP left. */
  private clashScore(damage: number, improvised: boolean, choice?: ClashChoice): number[] {
    const hpLeft = this.c.hp - damage
    const e = (f: (r: ReturnType<typeof resolveMelee>) => number) =>
      this.clash(damage, improvised, choice).map(f).expected()
    return [
      e((r) => Math.min(r.defender.damageTaken, this.c.defHp)) -
        e((r) => Math.min(r.attacker.damageTaken, hpLeft)),
      e((r) => (r.defender.destroyed ? 1 : 0)) - e((r) => (r.attacker.destroyed ? 1 : 0)),
      e((r) => r.attack?.save.failedSaves ?? 0) - e((r) => r.counter?.save.failedSaves ?? 0),
      e((r) => r.attack?.unblockedHits ?? 0) - e((r) => r.counter?.unblockedHits ?? 0),
    ]
  }

  /** One shot outcome's worth from attack i at `damage`: what the charger takes, then the state after. */
  private outcomeWorth(i: number, damage: number, h: Hit, improvised: boolean): number[] {
    const hpLeft = this.c.hp - damage
    const next = this.worth(i + 1, damage + h.damage, improvised)
    return [
      next[0] - Math.min(h.damage, hpLeft),
      next[1] - (h.damage >= hpLeft ? 1 : 0),
      next[2] - h.failedSaves,
      next[3] - h.unblockedHits,
    ]
  }

  /** The expected worth of the faces after rerolling `set`, Improvise spent or kept. */
  private pickWorth(
    i: number,
    damage: number,
    faces: readonly number[],
    set: number[],
    improvised: boolean,
  ): number[] {
    const w = [0, 0, 0, 0]
    for (const [f, p] of rerolled(faces, set))
      for (const h of shotFrom(this.c, f)) {
        const x = this.outcomeWorth(i, damage, h, improvised)
        for (let j = 0; j < 4; j++) w[j] += p * h.q * x[j]
      }
    return w
  }

  /** The charger's decision on attack i's faces: the dice it rerolls, and whether that spends Improvise. */
  decide(
    i: number,
    damage: number,
    improvised: boolean,
    faces: readonly number[],
  ): { set: number[]; spent: boolean } {
    if (improvised) return { set: [], spent: false }
    const k = `${i} ${damage} ${faces.join(' ')}`
    let d = this.decisions.get(k)
    if (d) return d
    const set = shotPick(this.c, faces, this.c.hp - damage)
    if (set.length === 0) d = { set, spent: false }
    else {
      const spend = this.pickWorth(i, damage, faces, set, true)
      const keep = this.pickWorth(i, damage, faces, [], false)
      d = compare(spend, keep) > 0 ? { set, spent: true } : { set: [], spent: false }
    }
    this.decisions.set(k, d)
    return d
  }

  /**
   * Over attack i's evade dice after `damage`, Improvise unspent: the chance the charger spends it,
   * and the chance it keeps it where the shot's own pick would have spent it.
   */
  decisionsAt(i: number, damage: number): { spent: number; kept: number } {
    const out = { spent: 0, kept: 0 }
    const p0 = 10 ** -this.c.ow.shots
    for (const faces of allFaces(this.c.ow.shots)) {
      if (shotPick(this.c, faces, this.c.hp - damage).length === 0) continue
      if (this.decide(i, damage, false, faces).spent) out.spent += p0
      else out.kept += p0
    }
    return out
  }

  /** The worth to the charger of the charge from attack i on, after `damage` and Improvise spent or not. */
  worth(i: number, damage: number, improvised: boolean): number[] {
    if (damage >= this.c.hp) return [0, 0, 0, 0]
    const k = `${i} ${damage} ${improvised}`
    let w = this.worths.get(k)
    if (w) return w
    if (i === this.c.ow.attacks) {
      this.worths.set(k, (w = this.clashScore(damage, improvised)))
      return w
    }
    w = [0, 0, 0, 0]
    const p0 = 10 ** -this.c.ow.shots
    for (const faces of allFaces(this.c.ow.shots)) {
      const d = this.decide(i, damage, improvised, faces)
      const x = this.pickWorth(i, damage, faces, d.set, improvised || d.spent)
      for (let j = 0; j < 4; j++) w[j] += p0 * x[j]
    }
    this.worths.set(k, w)
    return w
  }

  /**
   * The distribution of the ends of the charge from attack i after `damage` (Improvise spent or
   * not), every decision as decide makes it, once per state.
   */
  leaves(i = 0, damage = 0, improvised = false): Map<string, number> {
    const k = `${i} ${damage} ${improvised}`
    let out = this.ends.get(k)
    if (out) return out
    out = new Map<string, number>()
    const add = (l: Leaf, q: number) => {
      const key = `${l.attacker} ${l.defender} ${l.overwatch}`
      out!.set(key, (out!.get(key) ?? 0) + q)
    }
    if (damage >= this.c.hp) add({ attacker: damage, defender: 0, overwatch: damage }, 1)
    else if (i === this.c.ow.attacks)
      this.clash(damage, improvised).forEach((r, q) =>
        add(
          { attacker: damage + r.attacker.damageTaken, defender: r.defender.damageTaken, overwatch: damage },
          q,
        ),
      )
    else {
      const p0 = 10 ** -this.c.ow.shots
      for (const faces of allFaces(this.c.ow.shots)) {
        const d = this.decide(i, damage, improvised, faces)
        for (const [f, q] of rerolled(faces, d.set))
          for (const h of shotFrom(this.c, f))
            for (const [key, r] of this.leaves(i + 1, damage + h.damage, improvised || d.spent))
              out.set(key, (out.get(key) ?? 0) + p0 * q * h.q * r)
      }
    }
    this.ends.set(k, out)
    return out
  }
}

/** The odds' distributions of each side's damage and of the overwatch's equal the oracle's. */
function expectOracle(m: Melee, oracle: Map<string, number>): void {
  const o = meleeOdds(m)
  const marginal = (at: number) => {
    const out = new Map<number, number>()
    for (const [k, q] of oracle) {
      const x = Number(k.split(' ')[at])
      out.set(x, (out.get(x) ?? 0) + q)
    }
    return out
  }
  for (const [at, d] of [
    [0, o.attackerDamage],
    [1, o.defenderDamage],
    [2, o.overwatch!.damage],
  ] as const) {
    const want = [...marginal(at)].filter(([, q]) => q > 1e-15)
    const got = d.outcomes().filter((x) => d.prob(x) > 1e-15)
    expect(got.sort((x, y) => x - y)).toEqual(want.map(([x]) => x).sort((x, y) => x - y))
    for (const [x, q] of want) expect(d.prob(x)).toBeCloseTo(q, 12)
  }
}

/**
 * A charger with a strong melee weapon (Melee 3 at DMG 800, all on attack) into one overwatch
 * attack of 3 shots at DMG 300: Improvise on its attack dice is worth more than on a lone hit.
 */
const strong: ChargeSpec = {
  melee: 3,
  dmg: 800,
  pen: '0',
  hp: 3000,
  evade: 3,
  armSv: 1,
  defMelee: 2,
  defDmg: 300,
  defHp: 2000,
  defArmSv: 1,
  ow: { attacks: 1, acc: 9, shots: 3, dmg: 300, pen: 0 },
  split: { atkSplit: split(3, 0), defSplit: split(1, 1), defChoice: 'counter' },
}
/** The same charger with a weak weapon (DMG 100) and 900 HP: the overwatch is what threatens it. */
const weak: ChargeSpec = { ...strong, dmg: 100, hp: 900 }
/** Two overwatch attacks of 2 shots at PEN 4 (saves), the charger at 1500 HP with DMG 500. */
const two: ChargeSpec = {
  ...strong,
  dmg: 500,
  hp: 1500,
  ow: { attacks: 2, acc: 9, shots: 2, dmg: 300, pen: 4 },
}

/** One charge and its oracle per spec, shared by the tests that read it (the oracle walks every clash once). */
const oracles = new Map<ChargeSpec, { m: Melee; oracle: Oracle }>()
function oracleOf(c: ChargeSpec, open = false): { m: Melee; oracle: Oracle } {
  let o = oracles.get(c)
  if (!o) {
    const m: Melee = open
      ? { ...charge(c), openChoices: { atkSplit: true, defSplit: true, defChoice: true } }
      : charge(c)
    oracles.set(c, (o = { m, oracle: new Oracle(c, m) }))
  }
  return o
}

/** Melee 2 a side, one overwatch attack of 2 shots, the clash's choices left open. */
const open: ChargeSpec = { ...strong, melee: 2, defMelee: 2, hp: 1500, ow: { ...strong.ow, shots: 2 } }

/** The overwatch's evade dice as rolled, before any reroll. */
const rolledFaces = (shot: ShotResult) => shot.dice.map((d) => d.rerolledFrom ?? d.roll)

describe("the charger's Improvise on overwatch, weighed over the charge (W: once per Round; Q: overwatch, then the clash)", () => {
  it.each([
    ['a strong melee weapon: often kept for the clash', strong],
    ['a weak melee weapon and 900 HP: spent wherever the shot gains', weak],
    ['two overwatch attacks with saves: kept or spent per state, to the last attack', two],
  ])('%s: the odds equal the oracle', (_name, c) => {
    const { m, oracle } = oracleOf(c)
    expectOracle(m, oracle.leaves())
  })

  it("with the clash's splits and Counter/Guard open, chosen after each overwatch outcome: the odds equal the oracle", () => {
    const { m, oracle } = oracleOf(open, true)
    expectOracle(m, oracle.leaves())
    const at = oracle.decisionsAt(0, 0)
    expect(at.spent).toBeGreaterThan(0)
    expect(at.kept).toBeGreaterThan(0)
  })

  it('keeping Improvise wins with a strong weapon: a lone hit is kept, two criticals are rerolled', () => {
    const { m, oracle } = oracleOf(strong)
    // Of the rolls where the shot's own pick would reroll (0.875), Improvise is now kept in 0.387.
    const at = oracle.decisionsAt(0, 0)
    expect(at.kept).toBeCloseTo(0.387, 12)
    expect(at.spent).toBeCloseTo(0.488, 12)
    // Acc 9 against Evade 3: 6+ evades. A lone hit (5, 7, 7) is kept: its 300 DMG is worth less
    // than rerolling two attack dice of 800 DMG.
    expect(oracle.decide(0, 0, false, [5, 7, 7]).spent).toBe(false)
    const kept = resolveMelee(new PhysicalDice([5, 7, 7, 1, 1, 10, 9, 9, 1, 1, 1]), m)
    expect(kept.overwatch!.shots[0].reroll!.dice).toEqual([])
    expect(kept.overwatch!.improvised).toBe(false)
    expect(kept.attack!.improvise?.attack?.dice).toEqual([0, 1])
    // Two criticals (1, 2, 7: 4 hits, 1200 DMG) are rerolled.
    expect(oracle.decide(0, 0, false, [1, 2, 7]).spent).toBe(true)
    const spent = resolveMelee(new PhysicalDice([1, 2, 7, 7, 7, 1, 1, 10, 1, 1, 1]), m)
    expect(spent.overwatch!.shots[0].reroll!.dice).toEqual([0, 1])
    expect(spent.attack!.improvise).toBeUndefined()
    // Against the old rule (spent wherever the shot's pick rerolls): less overwatch damage saved
    // than attack damage gained.
    const o = meleeOdds(m)
    expect(o.expected.overwatchDamage).toBeCloseTo(378.06, 9)
    expect(o.expected.attackDamage).toBeCloseTo(2612.24448, 6)
  })

  it('spending still wins with a weak weapon and little HP: never kept where the shot gains', () => {
    const { m, oracle } = oracleOf(weak)
    expect(oracle.decisionsAt(0, 0)).toEqual({ spent: expect.closeTo(0.74, 12), kept: 0 })
    const r = resolveMelee(new PhysicalDice([5, 7, 7, 7, 1, 1, 10, 1, 1, 1, 1]), m)
    expect(r.overwatch!.shots[0].reroll!.dice).toEqual([0])
    expect(r.overwatch!.improvised).toBe(true)
    expect(r.attack!.improvise).toBeUndefined()
  })

  it('per overwatch outcome: the same dice on the last attack spend it after one outcome of the first, keep it after another', () => {
    const { m, oracle } = oracleOf(two)
    // After a first attack that dealt nothing, every roll the shot gains on spends it; after 600
    // DMG, some are kept.
    expect(oracle.decisionsAt(1, 0)).toEqual({ spent: expect.closeTo(0.45, 12), kept: 0 })
    expect(oracle.decisionsAt(1, 600).kept).toBeGreaterThan(0)
    // Two hits (5, 5) on the last attack: rerolled after nothing, kept after 600 DMG.
    expect(oracle.decide(1, 0, false, [5, 5]).spent).toBe(true)
    expect(oracle.decide(1, 600, false, [5, 5]).spent).toBe(false)
    // Seeded rolls make the oracle's decision on each overwatch attack's dice, in both ways.
    const seen = new Set<string>()
    for (let i = 0; i < 40; i++) {
      const r = resolveMelee(new SeededDice(`imp-ow-${i}`), m)
      let damage = 0
      let improvised = false
      for (const [k, shot] of r.overwatch!.shots.entries()) {
        const d = oracle.decide(k, damage, improvised, rolledFaces(shot))
        const spent = (shot.reroll?.dice.length ?? 0) > 0
        expect(spent).toBe(d.spent)
        // Counted where the shot's own pick would reroll, so that keeping is a decision.
        if (!improvised && shotPick(two, rolledFaces(shot), two.hp - damage).length > 0)
          seen.add(`${k} ${spent}`)
        improvised ||= spent
        damage += shot.damage
      }
    }
    expect(seen).toEqual(new Set(['0 true', '0 false', '1 true', '1 false']))
  })
})
