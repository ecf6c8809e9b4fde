/** The help text mecha adds to commander's: the global flags, dice order and examples, wrapped. */
import type { CommandSpec, OptionSpec } from '../runtime/spec.js'

/**
 * The flags every resolving command takes, listed once under their own heading: `dice`, only
 * commands that roll dice; `compare`, only commands with a player's choice to compare.
 */
export const GLOBAL_FLAGS: Array<[flags: string, description: string, dice: boolean, compare?: boolean]> = [
  ['--seed <text>', 'seed the dice: same seed and arguments, same result', true],
  ['--rolls <list>', 'physical dice, comma-separated, in the dice order of the command', true],
  ['--odds', 'exact probability distribution instead of a roll', true],
  ['--json', 'one JSON object on stdout', false],
  ['--explain', 'walk through the arithmetic step by step (with --odds: how the odds are made)', false],
  ['--plot <file>', 'with --odds: an SVG chart of the odds, to a .svg file or - (stdout)', true],
  ['--csv', 'with --odds: the odds as CSV rows (distribution, outcome, chance, atLeast)', true],
  [
    '--compare',
    'with --odds (shoot, melee, plan): every option of the open choices (plan: every order) side by side',
    true,
    true,
  ],
  ['--no-color', 'plain output (also: NO_COLOR, or stdout not a terminal)', false],
  ['--auto', 'never prompt: every open choice is made automatically', false],
]

/** The global flags a command takes: `dice` ones if it rolls, `compare` if it has a choice. */
export function globalFlagsOf(spec: CommandSpec): typeof GLOBAL_FLAGS {
  const hasDice = spec.diceOrder !== undefined
  const hasCompare = spec.model.compare !== undefined
  return GLOBAL_FLAGS.filter(([, , dice, compare]) => !(dice && !hasDice) && !(compare && !hasCompare))
}

/** Words filled into lines of at most `width` columns; lines after the first start with `indent`. */
export function wrapWords(
  words: string[],
  width: number,
  first: string,
  indent: string,
  joiner = '',
): string {
  const lines: string[] = []
  let line = first
  let empty = true
  for (const w of words) {
    if (!empty && line.length + 1 + w.length + joiner.length > width) {
      lines.push(line + joiner)
      line = indent + w
    } else line += (empty ? '' : ' ') + w
    empty = false
  }
  lines.push(line)
  return lines.join('\n')
}

/**
 * A shell command over several lines with backslash continuations, breaking only before a flag,
 * so that each line is a flag and its value and the whole still pastes into a shell.
 */
export function wrapCommand(command: string, width: number): string {
  const tokens = command.match(/'[^']*'|"[^"]*"|\S+/g) ?? []
  const units: string[] = []
  for (const t of tokens) {
    if (
      units.length &&
      !t.startsWith('-') &&
      units[units.length - 1].startsWith('--') &&
      !units[units.length - 1].includes(' ')
    )
      units[units.length - 1] += ' ' + t
    else if (units.length && !t.startsWith('-') && !units[units.length - 1].startsWith('-'))
      units[units.length - 1] += ' ' + t
    else units.push(t)
  }
  return wrapWords(units, width, '  $ ', '      ', ' \\')
}

/** The text after a command's options: its dice order and examples, wrapped to `width`. */
export function afterHelp(spec: CommandSpec, width: number): string {
  const parts: string[] = []
  if (spec.diceOrder)
    parts.push(wrapWords(`Dice order for --rolls: ${spec.diceOrder}`.split(' '), width, '', '  '))
  if (spec.examples?.length)
    parts.push('Examples:\n' + spec.examples.map((e) => wrapCommand(e, width)).join('\n'))
  return parts.length ? '\n' + parts.join('\n\n') + '\n' : ''
}

/** How a placeholder reads in help: <n>, <list>, <choice>, or a pattern as written (<N[S|P]>). */
export function placeholderOf(o: OptionSpec): string {
  if (o.type.kind === 'enum') return 'choice'
  const p = o.placeholder ?? 'value'
  return /^[A-Z]+$/.test(p) ? p.toLowerCase() : p
}

const TOP_EXAMPLES = [
  'mecha shoot --acc 9 --evade 4 --shots 5 --dmg 300 --pen 5 --arm-sv 2 --seed table1',
  'mecha melee --atk-melee 6 --def-melee 5 --atk-dmg 300 --def-dmg 300 --odds',
  "mecha roll '5d10>=5' --seed table1",
]

/** Top-level help: the global flags, said once, and a few commands to try. */
export function topHelp(width: number): string {
  const term = Math.max(...GLOBAL_FLAGS.map(([f]) => f.length)) + 2
  const flags = GLOBAL_FLAGS.map(([f, d]) =>
    wrapWords(d.split(' '), width, `  ${f.padEnd(term)}`, ' '.repeat(term + 2)),
  )
  return (
    "\nGlobal flags (each command's --help lists the ones it takes):\n" +
    flags.join('\n') +
    "\n\nExamples (a group's commands: mecha wargroup --help):\n" +
    TOP_EXAMPLES.map((e) => wrapCommand(e, width)).join('\n') +
    '\n'
  )
}
