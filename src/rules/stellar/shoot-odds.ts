import { Distribution } from '../../core/distribution.js'
import { poolOutcomes } from '../../core/exact.js'
import { memoise } from '../../core/memo.js'
import type { SaveResult } from './armor-save.js'
import { savesFor } from './armor-save-odds.js'
import type { Decidable } from '../../core/decide.js'
import {
  type AfterEvadeInput,
  type AttackBonus,
  type DefenseChoice,
  type EvadeInput,
  type EvadeStage,
  type Shot,
  type ShotResult,
  blockHits,
  concludeShot,
  countOutcomes,
  evadeClass,
  evadeHits,
  afterEvadeInput,
  evadeInput,
  shotSaves,
} from './shoot.js'

/** Exact distributions of one shooting attack, composed from its stages. */
export interface ShotOdds {
  damage: Distribution<number>
  unblockedHits: Distribution<number>
  failedSaves: Distribution<number>
  /** 'true' or 'false': whether the target is destroyed, when its HP is known. */
  destroyed?: Distribution<string>
  expected: { damage: number; unblockedHits: number; failedSaves: number }
}

/** Stage 1's result when only its hits matter (the later stages read nothing else). */
const hitsOnly = (hits: number): EvadeStage => ({ targetNumber: 0, shotsFired: 0, dice: [], crits: 0, hits })

/**
 * The exact odds of a shot, composed from its stages (see resolveShot):
 * 1. the evade pool as counts per class (evadeClass), turned into hits by evadeHits;
 * 2. per number of hits, blocks and Skill Defense (blockHits);
 * 3. the armour saves (resolveArmorSaves, walked) and the result they conclude (concludeShot),
 *    read off as each distribution needs it.
 * Odds use the automatic Momentum policy (answers already given and prompts are not part of
 * them).
 */
export function shotOdds(s: Shot): ShotOdds {
  const read = shotReader(s)
  const damage = read((r) => r.damage)
  const unblockedHits = read((r) => r.unblockedHits)
  const failedSaves = read((r) => r.save.failedSaves)
  const odds: ShotOdds = {
    damage,
    unblockedHits,
    failedSaves,
    expected: {
      damage: damage.expected(),
      unblockedHits: unblockedHits.expected(),
      failedSaves: failedSaves.expected(),
    },
  }
  if (s.hp !== undefined) odds.destroyed = read((r) => String(r.destroyed))
  return odds
}

/**
 * The expected outcomes of a shot, from the same stages as shotOdds, without building its
 * distributions: what the automatic choices compare. Each number of hits brings the means of
 * what the later stages conclude from it (`rows`: the shot's later stages, when the caller
 * already has them).
 */
export function shotExpected(s: Shot, rows?: AfterEvade): ShotOdds['expected'] {
  const quiet = quietShot(s)
  const rest = rows ?? afterEvade(quiet)
  let damage = 0
  let unblockedHits = 0
  let failedSaves = 0
  evadeOdds(evadeInput(quiet)).forEach((h, p) => {
    const e = rest(h).expected()
    damage += p * e.damage
    unblockedHits += p * e.unblockedHits
    failedSaves += p * e.failedSaves
  })
  return { damage, unblockedHits, failedSaves }
}

/** The distribution of a shot's damage alone (a rolled shot's luck is measured against it). */
export function shotDamageOdds(s: Shot): Distribution<number> {
  return shotReader(s)((r) => r.damage)
}

/**
 * The shot's stages composed once, read as a map of any field of the result: the hits, then the
 * saves each number of hits owes, concluded (each number of hits settled once for every read).
 */
function shotReader(s: Shot) {
  const quiet = quietShot(s)
  const hits = evadeOdds(evadeInput(quiet))
  const rest = afterEvade(quiet)
  return <K extends number | string>(f: (r: ShotResult) => K): Distribution<K> =>
    hits.step(
      (h) => rest(h).saves,
      (h, save) => f(rest(h).conclude(save)),
    )
}

/** The shot as the odds play it: the automatic Momentum policy, nobody asked. */
function quietShot(s: Shot): Shot {
  return s.askDecisions || s.decisions
    ? Object.assign({}, s, { askDecisions: false, decisions: undefined })
    : s
}

/**
 * Stage 1's hits: the evade pool's branches as the exact driver makes them (one per count of
 * dice in each class evadeClass declares, its faces standing for the class), each counted by
 * evadeHits as rollEvade counts them. Remembered by the stage's declared input.
 */
export const evadeOdds = memoise((e: EvadeInput): Distribution<number> => {
  const classify = evadeClass(e)
  const branches = poolOutcomes(e.dice, 10, classify)
  return Distribution.weighted(
    branches.map((b) => [evadeHits(e, countOutcomes(b.faces.map(classify))).hits, b.waysN] as const),
  )
})

/** What stages 2 and 3 make of one number of hits. */
interface AfterEvadeRow {
  saves: Distribution<SaveResult>
  /** The result a save outcome concludes (concludeShot). */
  conclude: (save: SaveResult) => ShotResult
  /** The means of the concluded results. */
  expected: () => ShotOdds['expected']
}

/** A shot's stages 2 and 3, by number of hits. */
type AfterEvade = (hits: number) => AfterEvadeRow

/**
 * Stages 2 and 3 from a number of hits: blocks and Skill Defense (blockHits), the armour saves
 * they call for (walked once per weapon and target: savesFor), and the results those conclude
 * (concludeShot). Each number of hits is settled once, whatever is read. They read the shot
 * only through AfterEvadeInput, so shots that differ elsewhere (the attacker's bonus) may share
 * them.
 */
function afterEvade(s: AfterEvadeInput & Decidable): AfterEvade {
  const rows: AfterEvadeRow[] = []
  const saves = savesFor(shotSaves(s, 0))
  return (hits) => {
    let row = rows[hits]
    if (!row) {
      const b = blockHits(s, hits)
      const e = hitsOnly(hits)
      const stage = saves(b.unblockedHits)
      const conclude = (save: SaveResult) => concludeShot(s, e, b, save)
      let means: ShotOdds['expected'] | undefined
      const expected = () => {
        if (means) return means
        means = { damage: 0, unblockedHits: 0, failedSaves: 0 }
        const m = means
        stage.forEach((save, q) => {
          const r = conclude(save)
          m.damage += q * r.damage
          m.unblockedHits += q * r.unblockedHits
          m.failedSaves += q * r.save.failedSaves
        })
        return m
      }
      rows[hits] = row = { saves: stage, conclude, expected }
    }
    return row
  }
}

/**
 * Expected damage once the evade dice are known: the rest of the shot (blocks, Skill Defense as
 * `s` decides it, saves) from `hits`. For a prompt's hints.
 */
export function expectedDamageFrom(s: Shot, hits: number): number {
  return afterEvade(s)(hits).expected().damage
}

/** One option of a choice with its expected outcome. */
export interface ScoredOption<T> {
  value: T
  expected: ShotOdds['expected']
}

export const ATTACK_BONUSES: AttackBonus[] = ['precision', 'barrage', 'none']
export const DEFENSES: DefenseChoice[] = ['dodge', 'guard', 'none']
/**
 * The options automatic choices compare. Taking no bonus is never better than Precision (a
 * higher target number) or Barrage (more shots), nor taking no reaction better than Dodge or
 * Guard, so `none` is only scored when a prompt lists it.
 */
export const AUTO_BONUSES: AttackBonus[] = ['precision', 'barrage']
export const AUTO_DEFENSES: DefenseChoice[] = ['dodge', 'guard']

/**
 * Order options by what the attacker wants: more expected damage, then more failed saves
 * (they matter for stun and push weapons, whose saves deal no damage), then more hits.
 * Ties keep the listed order.
 */
function attackerScore(e: ShotOdds['expected']): number[] {
  return [e.damage, e.failedSaves, e.unblockedHits]
}

function better(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    if (Math.abs(a[i] - b[i]) > 1e-12) return a[i] > b[i] ? 1 : -1
  }
  return 0
}

/** The defender's options against a fixed bonus, best (least harm) first. */
export function rankDefenses(
  s: Shot,
  options: DefenseChoice[] = AUTO_DEFENSES,
  later = new Map<DefenseChoice, AfterEvade>(),
): Array<ScoredOption<DefenseChoice>> {
  const trial = quietShot({ ...s }) // one copy, each option tried on it in turn
  const scored = options.map((value) => {
    trial.defense = value
    // The later stages depend on the defence, not on the attacker's bonus (AfterEvadeInput):
    // rankBonuses hands the same ones to every bonus it tries.
    let rows = later.get(value)
    if (!rows) later.set(value, (rows = afterEvade(afterEvadeInput(trial))))
    return { value, expected: shotExpected(trial, rows) }
  })
  return [...scored].sort((a, b) => better(attackerScore(a.expected), attackerScore(b.expected)))
}

/**
 * The attacker's options, each scored against the defender's best answer to it (or against the
 * defence already chosen), best (most harm) first.
 */
export function rankBonuses(
  s: Shot,
  defenseFixed: boolean,
  options: AttackBonus[] = AUTO_BONUSES,
  defenses: DefenseChoice[] = AUTO_DEFENSES,
): Array<ScoredOption<AttackBonus> & { defense: DefenseChoice }> {
  const trial = quietShot({ ...s })
  const later = new Map<DefenseChoice, AfterEvade>()
  const scored = options.map((value) => {
    trial.bonus = value
    if (defenseFixed) {
      let rows = later.get(s.defense)
      if (!rows) later.set(s.defense, (rows = afterEvade(afterEvadeInput(trial))))
      return { value, defense: s.defense, expected: shotExpected(trial, rows) }
    }
    const best = rankDefenses(trial, defenses, later)[0]
    return { value, defense: best.value, expected: best.expected }
  })
  return [...scored].sort((a, b) => better(attackerScore(b.expected), attackerScore(a.expected)))
}
