import { num } from '../render/format.js'
import {
  type Roster,
  type RosterWeapon,
  lookupUnit,
  parseUnitRef,
  weaponPenText,
  weaponsFor,
} from '../rules/stellar/roster.js'
import { quietEnv, runSpec } from '../runtime/run.js'
import { type ChoiceContext, type CommandSpec, parseValues } from '../runtime/spec.js'
import { type UnitWord, unitWordsOf } from '../runtime/unit-words.js'
import { namedValues } from '../runtime/named-units.js'

/**
 * The weapon prompt: a unit with several weapons for this command and none named, asked about
 * in a terminal. Each weapon is shown with the exact expected outcome of the command with it
 * (the `odds.expected` of `--odds --auto`, through the command's own odds), best first.
 *
 * When two weapons are open (a melee clash where neither side named one), the attacker is asked
 * first, each of its weapons valued against the defender's best reply, as the attacker's bonus
 * is in a shooting prompt; then the defender, against the weapon the attacker chose.
 */

type Expected = Record<string, number>

/** Expected damage dealt and taken by the unit in word `slot`, read from the command's odds. */
function outcomeFor(command: string, slot: number, e: Expected): { dealt: number; taken?: number } {
  if (command === 'melee')
    return slot === 0
      ? { dealt: e.defenderDamage, taken: e.attackerDamage }
      : { dealt: e.attackerDamage, taken: e.defenderDamage }
  return { dealt: e.damage }
}

/** A weapon in a few words, to fit a prompt line: `4 shots, DMG 800, PEN 4`. */
function profile(w: RosterWeapon): string {
  const pen = weaponPenText(w)
  return `${w.melee ? '' : `${w.shots} shots, `}DMG ${w.dmg}${pen ? `, PEN ${pen}` : ''}`
}

const valueOf = (o: { dealt: number; taken?: number }) => o.dealt - (o.taken ?? 0)

/** a better than b, ties (within 1e-9, relative) kept in file order. */
const better = (a: number, b: number) => a - b > 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))

const usable = (weapons: UnitWord['weapons'], roster: Roster, ref: string): RosterWeapon[] => {
  const unit = lookupUnit(roster, parseUnitRef(ref).unit)
  return weapons === 'any' ? unit.weapons : weaponsFor(unit, weapons!)
}

const withWeapon = (refs: readonly string[], slot: number, w: RosterWeapon) =>
  refs.map((r, i) => (i === slot ? `${parseUnitRef(r).unit}:${w.key}` : r))

export async function askWeapons(
  spec: CommandSpec,
  roster: Roster,
  refs: readonly string[],
  open: readonly number[],
  flags: Record<string, unknown>,
  choice: ChoiceContext,
): Promise<string[]> {
  const words = unitWordsOf(spec.name)!
  const memo = new Map<string, Expected>()
  /** The command's expected outcome with every weapon named: `--odds --auto`, as JSON gives it. */
  const expectedOf = async (named: readonly string[]): Promise<Expected> => {
    const key = named.join(' ')
    let e = memo.get(key)
    if (!e) {
      const { values } = namedValues(roster, spec.name, named, flags, 'flag')
      const out = await runSpec(
        spec,
        parseValues(spec, values, 'flag'),
        { json: true, odds: true, explain: false },
        quietEnv,
      )
      e = (out.json.odds as { expected: Expected }).expected
      memo.set(key, e)
    }
    return e
  }
  /** The later open slots filled by each one's best reply, in order; the words and their outcome. */
  const withReplies = async (
    named: string[],
    later: readonly number[],
  ): Promise<{ named: string[]; e: Expected }> => {
    if (!later.length) return { named, e: await expectedOf(named) }
    const [slot, ...rest] = later
    let best: { named: string[]; e: Expected; value: number } | undefined
    for (const w of usable(words[slot].weapons, roster, named[slot])) {
      const r = await withReplies(withWeapon(named, slot, w), rest)
      const value = valueOf(outcomeFor(spec.name, slot, r.e))
      if (!best || better(value, best.value)) best = Object.assign({}, r, { value })
    }
    return best!
  }

  let named = [...refs]
  for (const [k, slot] of open.entries()) {
    const later = open.slice(k + 1)
    const unit = parseUnitRef(named[slot]).unit
    const options = []
    for (const w of usable(words[slot].weapons, roster, named[slot])) {
      const r = await withReplies(withWeapon(named, slot, w), later)
      const o = outcomeFor(spec.name, slot, r.e)
      const replies = later.map((j) => parseUnitRef(r.named[j]).weapon!)
      const outcome =
        o.taken === undefined
          ? `expected ${num(o.dealt, 1)} DMG`
          : `deals ${num(o.dealt, 1)}, takes ${num(o.taken, 1)} DMG expected`
      options.push({
        value: w.key,
        label: w.key,
        hint: `${profile(w)}: ${outcome}${replies.length ? ` (vs ${replies.join(', ')})` : ''}`,
        score: valueOf(o),
      })
    }
    const ranked = options
      .map((o, i) => Object.assign({}, o, { i }))
      .sort((a, b) => (better(a.score, b.score) ? -1 : better(b.score, a.score) ? 1 : a.i - b.i))
    const others = named.filter((_, i) => i !== slot).join(', ')
    const kind =
      words[slot].weapons === 'any'
        ? 'weapon'
        : `${words[slot].weapons === 'melee' ? 'melee' : 'shooting'} weapon`
    const chosen = await choice.select(
      `${unit}'s ${kind} against ${others}`,
      ranked.map(({ value, label, hint }) => ({ value, label, hint })),
      ranked[0].value,
    )
    named = named.map((r, i) => (i === slot ? `${unit}:${chosen}` : r))
  }
  return named
}
