import type { NeedDice } from '../core/errors.js'
import { parseRolls } from '../core/physical.js'
import { wrapText } from '../render/format.js'
import type { ChoiceContext, ChoiceOption } from '../runtime/spec.js'

/**
 * Prompts, drawn on stderr so stdout stays clean for pipes. The prompt library costs ~75 ms to
 * import, so it is loaded only when a question is actually asked.
 */
type Importer = (specifier: string) => Promise<unknown>

/**
 * How the prompt library is imported. bin/mecha.js runs the bundle through node:vm (for its code
 * cache), where a dynamic import() has no loader, so it hands over one of its own.
 */
let importer: Importer = (specifier) => import(specifier)

export function setModuleImporter(fn: Importer): void {
  importer = fn
}

function prompts(): Promise<typeof import('@inquirer/prompts')> {
  return importer('@inquirer/prompts') as Promise<typeof import('@inquirer/prompts')>
}

/** Columns of the terminal the prompts are drawn in (stderr), 80 when it does not say. */
function promptColumns(): number {
  const columns = process.stderr.columns
  return columns && columns >= 20 ? columns : 80
}

/**
 * The lines of a choice list, each within `columns`: the label, then its hint beside it when
 * every option's fits on one line (the list is paged by lines, so a wrapped option would show
 * in fragments); else the hint goes under the list with the option's detail, shown for the
 * option the cursor is on.
 */
export function choiceLines<T>(
  options: ReadonlyArray<ChoiceOption<T>>,
  columns: number,
): Array<{ name: string; description?: string }> {
  const width = Math.max(...options.map((o) => o.label.length))
  // The cursor ("❯ ") takes two columns before each option.
  const inline = options.every((o) => 2 + width + (o.hint ? 2 + o.hint.length : 0) <= columns)
  return options.map((o) => {
    const under = [inline ? undefined : o.hint, o.detail].filter((t) => t !== undefined).join('; ')
    return {
      name: inline && o.hint ? `${o.label.padEnd(width)}  ${o.hint}` : o.label,
      description: under ? wrapText(under, columns) : undefined,
    }
  })
}

/**
 * A question wrapped for "? " (and, once answered, "✔ ") before it: within `columns`, its lines
 * after the first indented two columns, and its last word with room after it for the longest
 * answer, which the answered line adds (" Spend 0 Momentum" made an 81-column line that broke in
 * the middle of a word).
 */
export function questionText(message: string, columns: number, answerWidth: number): string {
  const words = message.split(' ')
  const last = words.pop()!
  // The last word and a stand-in for the answer are wrapped as one word, then the stand-in goes.
  const room = '#'.repeat(1 + answerWidth)
  const wrapped = wrapText([...words, last + room].join(' '), columns - 2, '  ')
  return wrapped.slice(0, -room.length)
}

export function terminalChoices(): ChoiceContext {
  return {
    interactive: true,
    async select<T>(message: string, options: Array<ChoiceOption<T>>, defaultValue: T): Promise<T> {
      const { select } = await prompts()
      const columns = promptColumns()
      const lines = choiceLines(options, columns)
      return select<T>(
        {
          // The question after "? ", wrapped to the terminal; once answered, the label alone beside it.
          message: questionText(message, columns, Math.max(...options.map((o) => o.label.length))),
          choices: options.map((o, i) => Object.assign({ value: o.value, short: o.label }, lines[i])),
          default: defaultValue,
          pageSize: 12,
        },
        { output: process.stderr },
      )
    },
  }
}

/** Ask for the dice a step still needs, checking each against the die's faces. */
export async function askDice(need: NeedDice): Promise<number[]> {
  const { input } = await prompts()
  const answer = await input(
    {
      message: wrapText(
        `Roll ${need.count} d${need.sides} for ${need.label} (comma-separated):`,
        promptColumns() - 2,
      ),
      validate: (text: string) => {
        try {
          const faces = parseRolls(text, 'dice')
          if (faces.length !== need.count) return `type exactly ${need.count} dice`
          const bad = faces.find((f) => f < 1 || f > need.sides)
          if (bad !== undefined) return `${bad} is not a d${need.sides} face (1-${need.sides})`
          return true
        } catch (e) {
          return (e as Error).message
        }
      },
    },
    { output: process.stderr },
  )
  return parseRolls(answer, 'dice')
}
