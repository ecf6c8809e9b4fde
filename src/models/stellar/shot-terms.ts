import type { Distribution } from '../../core/distribution.js'
import { type SaveSpec, failedSaveKind } from '../../rules/stellar/armor-save.js'
import {
  type DieOutcome,
  type EvadeClass,
  type EvadeInput,
  EVADE_DIE,
  type Shot,
  type ShotResult,
  barrierBlocks,
  blindsided,
  blockHits,
  critMax,
  critsAsHits,
  critsMiss,
  dieOutcome,
  dodging,
  evadeClass,
  evadeHits,
  evadeInput,
  focusHits,
  focusShots,
  momentumNegates,
  rapidFireShots,
  saveCapFor,
  shotAntiBeam,
  shotAttackerBonus,
  shotBlocks,
  shotDmg,
  shotDodge,
  shotGuard,
  shotPen,
  shotSaves,
  shotsBeforeCap,
  shotsFired,
  takeTheShotIgnores,
} from '../../rules/stellar/shoot.js'
import { type ShotOdds, evadeOdds } from '../../rules/stellar/shoot-odds.js'
import { type Bonus, type Penetration, damagePerHit } from '../../rules/stellar/weapon.js'
import { type SaveTerms, saveTerms } from './save.js'

/**
 * What the text of a shot says beside its answer, worked out here by the shot's own rule
 * functions so that src/render computes none of it (issue 36 item 3). A roll carries it as a
 * function (`text`), the odds' detail likewise: worked out only when a text is drawn, never for
 * a JSON answer (batch answers thousands of lines a second). None of it is in the JSON.
 */
export interface ShotTerms {
  /** Precision's or Barrage's amount (shotAttackerBonus); Guard's and Dodge's. */
  attackerBonus: number
  guard: number
  dodge: number
  /** The defender's reaction includes a Dodge. */
  dodging: boolean
  /** Natural criticals from 1 to critMax; whether they miss (Untouchable), count as plain hits (Invincible). */
  critMax: number
  critsMiss: boolean
  critsAsHits: boolean
  blindsided: boolean
  /** DMG with what traits add, and per hit after Persevere. */
  dmg: number
  perHit: number
  pen: Penetration
  /** ARM Sv Anti-Beam Coating adds (0 when it does not apply); saves at most. */
  antiBeam: number
  saveCap: number
  /** Shots before the cap and the terms in them; the evade dice rolled. */
  shotsBeforeCap: number
  rapidFire: number
  focusShots: number
  focusHits: number
  shotsFired: number
  /** Take the Shot! made shields and cover count for nothing. */
  takeTheShotIgnores: boolean
  barrierBlocks: number
  /** What one failed save does to this target (a warship's is always DMG). */
  failedSave: Penetration['kind']
  /** The evade die by face, 1 first: its class, and the outcome a die of that face had before any reroll. */
  evadeClasses: EvadeClass[]
  firstOutcomes: Array<{ outcome: DieOutcome; critAsHit?: true }>
}

/** A roll's terms: the shot's, the hits its Skill Defense negated and the attacker's luck. */
export interface ShotRollTerms<S extends Shot = Shot> extends ShotTerms {
  /** The shot at this target, as it was resolved. */
  shot: S
  negated: number
  /** The attacker's percentile in the odds of the same shot (0 worst, 1 best). */
  luck: number
  /** At several targets: the attack's total damage (its answer's `damage`) and every target's shot. */
  attack?: { damage: number; shots: S[] }
}

/** One roll of a shot at one target with its text's terms (worked out when asked for). */
export type ShotRoll<S extends Shot = Shot> = ShotResult & { text: () => ShotRollTerms<S> }

export function shotTerms(s: Shot): ShotTerms {
  const e = evadeInput(s)
  const classify = evadeClass(e)
  const evadeClasses = Array.from({ length: EVADE_DIE }, (_, i) => classify(i + 1))
  const dmg = shotDmg(s)
  return {
    attackerBonus: shotAttackerBonus(s),
    guard: shotGuard(s),
    dodge: shotDodge(s),
    dodging: dodging(s.defense),
    critMax: critMax(s),
    critsMiss: critsMiss(s),
    critsAsHits: critsAsHits(s),
    blindsided: blindsided(s),
    dmg,
    perHit: damagePerHit(dmg, s.target.persevere, s.situation.round),
    pen: shotPen(s),
    antiBeam: shotAntiBeam(s),
    saveCap: saveCapFor(s),
    shotsBeforeCap: shotsBeforeCap(s),
    rapidFire: rapidFireShots(s),
    focusShots: focusShots(s),
    focusHits: focusHits(s),
    shotsFired: shotsFired(s),
    takeTheShotIgnores: takeTheShotIgnores(s),
    barrierBlocks: barrierBlocks(s),
    failedSave: failedSaveKind({ pen: s.weapon.pen, warship: s.target.warship }),
    evadeClasses,
    // Under Indirect Fire (or Invincible's Guard) a critical is a plain hit from the start.
    firstOutcomes: evadeClasses.map((c) => {
      const outcome = dieOutcome(c)
      return outcome === 'crit' && e.critCap === 0 ? { outcome: 'hit', critAsHit: true } : { outcome }
    }),
  }
}

/** A roll of `s` with its text's terms, `luck` read when they are asked for. */
export function withShotText<S extends Shot>(
  r: ShotResult,
  s: S,
  luck: () => number,
  attack?: { damage: number; shots: S[] },
): ShotRoll<S> {
  return Object.assign(r, {
    text: (): ShotRollTerms<S> => ({
      ...shotTerms(s),
      shot: s,
      negated: momentumNegates(r.momentumSpent, s.target.warship),
      luck: luck(),
      ...(attack ? { attack } : {}),
    }),
  })
}

/** The terms of shot --odds --explain: the evade pool, a worked row of hits, blocks and saves. */
export interface ShotOddsTerms extends ShotTerms {
  evade: EvadeInput
  /** The hits the evade pool makes, and what a count of dice by class makes of them (evadeHits). */
  hits: Distribution<number>
  hitsOf(counts: Readonly<Record<DieOutcome, number>>): number
  /** The blocks and their terms; the most likely number of hits above 0 and the unblocked hits it leaves. */
  blocks: { blocks: number; terms: Bonus[] }
  typicalHits: number
  typicalUnblocked: number
  /** The saves' worked row (PEN 2+ only): the most likely unblocked hits above 0, the spec and its terms. */
  saves: { unblockedHits: number; spec: SaveSpec; terms: SaveTerms } | null
}

/** The most likely outcome (among those `keep` accepts; 0 when none). */
function mostLikely(d: Distribution<number>, keep: (x: number) => boolean = () => true): number {
  let best = 0
  let bestP = -1
  for (const [x, p] of d.sorted()) if (keep(x) && p > bestP) [best, bestP] = [x, p]
  return best
}

/** The terms of --odds --explain for shot `s` (as the odds play it: nobody asked) with its odds `o`. */
export function shotOddsTerms(s: Shot, o: ShotOdds): ShotOddsTerms {
  const e = evadeInput(s)
  const hits = evadeOdds(e)
  const typical = mostLikely(hits, (h) => h > 0)
  const blocks = shotBlocks(s)
  const spec = shotSaves(s, 1)
  const u = mostLikely(
    o.unblockedHits.map((x) => x),
    (x) => x > 0,
  )
  return {
    ...shotTerms(s),
    evade: e,
    hits,
    hitsOf: (counts) => evadeHits(e, counts).hits,
    blocks: { blocks: blocks.blocks, terms: blocks.terms },
    typicalHits: typical,
    typicalUnblocked: blockHits(s, typical).unblockedHits,
    saves: shotPen(s).value < 2 ? null : { unblockedHits: u, spec, terms: saveTerms(spec, u) },
  }
}
