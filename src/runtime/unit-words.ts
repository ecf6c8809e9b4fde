/**
 * The commands that take units by name, and the words they take, in order: main.ts registers them
 * as arguments, batch reads them as a line's keys, the completion scripts complete them and
 * units.ts turns them into option values. A table of plain data, so that none of those load the
 * roster code (and its YAML parser) before a unit is actually named.
 */
export interface UnitWord {
  /** The batch key, and the argument's name in help. */
  key: 'attacker' | 'defender' | 'unit' | 'attacks'
  /** How help writes it: ATTACKER[:WEAPON]. */
  usage: string
  description: string
  /** The weapons `unit:weapon` may name here: shooting, melee, any; none when only the unit counts. */
  weapons?: 'shoot' | 'melee' | 'any'
  /** The last word only: several units may be named, one target each (`shoot ATTACKER DEF1 DEF2`). */
  repeatable?: boolean
  /** May be left out: the command still reads the roster, and picks its units itself (matrix). */
  optional?: boolean
  /** When the word is left out: the one-line message saying what to give (the plan's attacks). */
  missing?: string
}

const attacker = (weapons?: UnitWord['weapons']): UnitWord => ({
  key: 'attacker',
  usage: weapons ? 'ATTACKER[:WEAPON]' : 'ATTACKER',
  description: weapons ? 'a unit (and its weapon) from the roster' : 'a unit from the roster',
  weapons,
})

const defender = (weapons?: UnitWord['weapons']): UnitWord => ({
  key: 'defender',
  usage: weapons ? 'DEFENDER[:WEAPON]' : 'DEFENDER',
  description: weapons ? 'a unit (and its weapon) from the roster' : 'a unit from the roster',
  weapons,
})

export const UNIT_WORDS: Readonly<Record<string, readonly UnitWord[]>> = {
  shoot: [
    attacker('shoot'),
    {
      key: 'defender',
      usage: 'DEFENDER...',
      description: 'a unit from the roster; several: one target each',
      repeatable: true,
    },
  ],
  melee: [attacker('melee'), defender('melee')],
  save: [attacker('any'), defender()],
  outmaneuver: [attacker(), defender()],
  vp: [{ key: 'unit', usage: 'UNIT', description: 'the destroyed unit, from the roster' }],
  matrix: [
    {
      key: 'attacker',
      usage: 'ATTACKER[:WEAPON]...',
      description:
        'the attacking units, or one weapon each, from the roster (a unit alone: each of its weapons; none: every unit, or those of one side)',
      weapons: 'any',
      repeatable: true,
      optional: true,
    },
  ],
  plan: [
    {
      key: 'defender',
      usage: 'DEFENDER[:WEAPON]',
      description: 'the unit attacked, from the roster (its melee weapon: its counter-attack in a charge)',
    },
    {
      key: 'attacks',
      usage: 'ATTACKER[:WEAPON]...',
      description:
        'the attacks in order, each a unit and its weapon from the roster (a melee weapon: a charge)',
      weapons: 'any',
      repeatable: true,
      missing:
        'plan: no attacks; name the defender, then each attack in order, e.g. mecha plan dervish argonaut:cannon blue-djinn:heat-sword',
    },
  ],
}

/** The flag naming the roster files, beside the unit words. */
export const ROSTER_FLAG = {
  flag: 'roster',
  description: 'roster file for units by name (repeatable; mecha examples shows one)',
}

/** The words of a command taking units by name (undefined for any other command). */
export function unitWordsOf(command: string): readonly UnitWord[] | undefined {
  return Object.hasOwn(UNIT_WORDS, command) ? UNIT_WORDS[command] : undefined
}
