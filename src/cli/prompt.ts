import type { NeedDice } from '../core/errors.js'
import { parseRolls } from '../core/physical.js'
import type { ChoiceContext, ChoiceOption } from './spec.js'

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

export function terminalChoices(): ChoiceContext {
  return {
    interactive: true,
    async select<T>(message: string, options: Array<ChoiceOption<T>>, defaultValue: T): Promise<T> {
      const { select } = await prompts()
      const width = Math.max(...options.map((o) => o.label.length))
      return select<T>(
        {
          message,
          choices: options.map((o) => ({
            name: o.hint ? `${o.label.padEnd(width)}  ${o.hint}` : o.label,
            value: o.value,
          })),
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
      message: `Roll ${need.count} d${need.sides} for ${need.label} (comma-separated):`,
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
