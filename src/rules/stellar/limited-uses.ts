/**
 * LIMITED USES CARRIED FROM ONE ATTACK TO THE NEXT (issue 27): the traits a unit may use once a
 * round (Improvise, Invincible, Untouchable, Unyielding's +2 blocks, Solo Operative), twice a
 * game (Superior Instincts' +3 blocks) or once a game (Awe Inspiring Arrival's +1 block). A plan (one round) and a game carry what is spent; this
 * module says, once, when an attack takes a use and how the trait reads once its uses are spent.
 *
 * Reading (docs/rules-notes.md, "Limited uses"): a use is taken by an attack in which the trait is
 * in effect, whether or not the dice then needed it: Invincible when the defender Guards (alone or
 * with Dodge or Counter), Untouchable when it Dodges, Solo Operative when it takes both reactions,
 * Unyielding's and Superior Instincts' blocks on any attack where they are named. Improvise is
 * taken by its rerolls (a shot: more evade dice rerolled than the other rerolls allow; a charge:
 * always), which its callers read off the dice. Once spent, a trait with a choice reads as the
 * option that leaves the use out (`invincible=spent`, `unyielding=rerolls`,
 * `superior-instincts=immune`), and one without (Improvise, Solo Operative, Awe Inspiring
 * Arrival) is left out.
 *
 * Turns (issue 37; rules-notes, "Turns"): Superior Instincts' "+3 Blocks this Turn" and Awe
 * Inspiring Arrival's "first turn you are attacked" last the enemy unit turn they are taken in
 * (`lasts: 'turn'`): one use covers every attack of the attacking unit's turn (quickstart: "A Unit
 * can only be activated once per round", so its attacks in a row are its one turn).
 */
import { traitOf } from './traits.js'

export interface LimitedUse {
  /** The registry's name of the trait. */
  trait: string
  /** The option of its choice that uses it (none: the trait itself is the use). */
  use?: string
  /** The option that leaves the use out once spent (none: the trait is left out). */
  spentAs?: string
  per: 'round' | 'game'
  uses: number
  /** The reaction that takes the use: a Guard, a Dodge, both at once, any attack, or rerolls. */
  takes: 'guard' | 'dodge' | 'both' | 'any' | 'rerolls'
  /**
   * 'turn': a use lasts the enemy unit turn it is taken in ("+3 Blocks this Turn"): every attack
   * of that turn has it, and it is taken once for them all. Without: a use is one attack's.
   */
  lasts?: 'turn'
}

export const LIMITED_USES: readonly LimitedUse[] = [
  { trait: 'improvise', per: 'round', uses: 1, takes: 'rerolls' },
  { trait: 'invincible', use: 'crits-as-hits', spentAs: 'spent', per: 'round', uses: 1, takes: 'guard' },
  { trait: 'untouchable', use: 'crits-miss', spentAs: 'spent', per: 'round', uses: 1, takes: 'dodge' },
  { trait: 'unyielding', use: 'blocks', spentAs: 'rerolls', per: 'round', uses: 1, takes: 'any' },
  { trait: 'solo-operative', per: 'round', uses: 1, takes: 'both' },
  {
    trait: 'superior-instincts',
    use: 'blocks',
    spentAs: 'immune',
    per: 'game',
    uses: 2,
    takes: 'any',
    lasts: 'turn',
  },
  // "On the first turn you are attacked gain +1 Block vs each enemy attack action" (wargame
  // rules, trait upgrades): the first enemy unit turn that attacks it, once a game.
  { trait: 'awe-inspiring-arrival', per: 'game', uses: 1, takes: 'any', lasts: 'turn' },
]

/** The uses among `names` (registry names) that last the turn they are taken in. */
export function turnLong(names: readonly string[]): string[] {
  return names.filter((t) => BY_TRAIT.get(t)?.lasts === 'turn')
}

/** Uses taken so far with the once-a-round ones given back (a new round). */
export function nextRoundUses(spent: string): string {
  return spent
    .split(',')
    .filter((t) => t && BY_TRAIT.get(t)?.per !== 'round')
    .join(',')
}

/** Evade dice Improvise rerolls (quickstart, universal skill): used after the other rerolls. */
export const IMPROVISE_DICE = 2

const BY_TRAIT = new Map(LIMITED_USES.map((u) => [u.trait, u]))

/** The limited use of a trait as written (`NAME` or `NAME=OPTION`, any of its names), if it is one. */
export function limitedUse(text: string): LimitedUse | undefined {
  return BY_TRAIT.get(traitOf(text)?.name ?? '')
}

/** The option written after `=`, if any. */
const optionOf = (text: string) => text.split('=')[1]?.trim().toLowerCase()

/** Whether a trait as written is in use: a limited use with its use option (or no choice). */
function inUse(text: string): LimitedUse | undefined {
  const u = limitedUse(text)
  if (!u) return undefined
  const option = optionOf(text)
  return u.use === undefined || option === undefined || option === u.use ? u : undefined
}

/** The limited uses among traits as written (registry names, in order), e.g. a defender's. */
export function usesIn(traits: readonly string[]): string[] {
  return traits.flatMap((t) => {
    const u = inUse(t)
    return u ? [u.trait] : []
  })
}

/**
 * The uses an attack takes, but Improvise's (its rerolls say): each trait as written that is in
 * use and whose reaction is the one made (`dodge`, `guard`, `both`, `counter`, `none`; a charger:
 * `none`).
 */
export function usesTaken(traits: readonly string[], reaction: string): string[] {
  const guards = reaction === 'guard' || reaction === 'both'
  const dodges = reaction === 'dodge' || reaction === 'both'
  return usesIn(traits).filter((name) => {
    const takes = BY_TRAIT.get(name)!.takes
    if (takes === 'any') return true
    if (takes === 'guard') return guards
    if (takes === 'dodge') return dodges
    if (takes === 'both') return reaction === 'both'
    return false
  })
}

/** How many times each trait appears in a list of uses taken (a comma-joined list or an array). */
function counts(spent: string | readonly string[]): Map<string, number> {
  const list = typeof spent === 'string' ? spent.split(',').filter(Boolean) : spent
  const n = new Map<string, number>()
  for (const t of list) n.set(t, (n.get(t) ?? 0) + 1)
  return n
}

/** The traits whose uses are all taken, given the uses taken so far (registry names, sorted). */
export function allSpent(spent: string | readonly string[]): string[] {
  return [...counts(spent)]
    .filter(([t, n]) => n >= (BY_TRAIT.get(t)?.uses ?? 1))
    .map(([t]) => t)
    .sort()
}

/** Traits as written, those named in `gone` (registry names) read as spent. */
export function readAsSpent(traits: readonly string[], gone: readonly string[]): string[] {
  return traits.flatMap((t) => {
    const u = inUse(t)
    if (!u || !gone.includes(u.trait)) return [t]
    return u.spentAs ? [`${t.split('=')[0].trim()}=${u.spentAs}`] : []
  })
}

/**
 * Uses taken so far and more (a multiset, comma-joined and sorted), a trait never counted past its
 * uses: equal states compare equal.
 */
export function addUses(spent: string, more: readonly string[]): string {
  const n = counts(spent)
  for (const t of more) n.set(t, Math.min((n.get(t) ?? 0) + 1, BY_TRAIT.get(t)?.uses ?? 1))
  return [...n]
    .flatMap(([t, k]) => Array<string>(k).fill(t))
    .sort()
    .join(',')
}
