import type { DieRecord, RecordingDice } from './dice.js'
import { InputError, NeedDice } from './errors.js'

/**
 * Physical dice: faces typed by the player, consumed in the order the resolution asks for them.
 * Each face is checked against the die it stands for. When they run out, NeedDice says how many
 * of which die the current step still needs; the CLI prompts for them or reports it.
 */
export class PhysicalDice implements RecordingDice {
  readonly log: DieRecord[] = []
  private index = 0

  constructor(
    private readonly values: readonly number[],
    private readonly source = '--rolls',
  ) {}

  get used(): number {
    return this.index
  }

  get remaining(): number {
    return this.values.length - this.index
  }

  /**
   * Dice past the typed ones, when looking ahead (see `lookAhead`): what each was for. Null
   * when not looking ahead: running out then throws NeedDice.
   */
  private shortfall: Array<{ sides: number; label: string }> | null = null

  /**
   * From now on, running out does not throw: each missing die is noted and stands in as a
   * face that varies from die to die, 1 first (a 1 ends what runs until a 1; two dice of a
   * roll-off differ, so it does not tie again), and the
   * resolution goes on, up to `limit` missing dice. It finds the dice a step after the one that
   * ran short will need too (the armor die after the damage die, both dice of a re-rolled tie).
   */
  lookAhead(limit = 100): Array<{ sides: number; label: string }> {
    this.shortfall = []
    this.limit = limit
    return this.shortfall
  }

  private limit = 0

  pool(n: number, sides: number, label: string): number[] {
    const out: number[] = []
    for (let i = 0; i < n; i++) {
      if (this.index >= this.values.length) {
        if (this.shortfall === null || this.shortfall.length >= this.limit)
          throw new NeedDice(n - i, sides, label, this.index)
        this.shortfall.push({ sides, label })
        out.push(((this.shortfall.length - 1) % sides) + 1)
        continue
      }
      const value = this.values[this.index]
      if (!Number.isInteger(value) || value < 1 || value > sides) {
        throw new InputError(
          'bad-roll',
          `${this.source}: ${value} is not a d${sides} face (1-${sides}); die ${this.index + 1} is for ${label}`,
        )
      }
      this.index++
      out.push(value)
      this.log.push({ sides, value, label })
    }
    return out
  }

  roll(sides: number, label: string): number {
    return this.pool(1, sides, label)[0]
  }

  /** After a resolution: typed dice that nothing used are a mistake worth reporting. */
  assertAllUsed(): void {
    if (this.remaining > 0) {
      throw new InputError(
        'extra-rolls',
        `${this.source}: ${this.remaining} dice left over (this resolution used ${this.index} of ${this.values.length}); check the dice order in --help`,
      )
    }
  }
}

/** Parse `1,1,4,5` (spaces allowed) into faces; anything else is an InputError. */
export function parseRolls(text: string, source = '--rolls'): number[] {
  const parts = text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
  return parts.map((p) => {
    if (!/^\d+$/.test(p))
      throw new InputError(
        'bad-roll',
        `${source}: "${p}" is not a die face; give whole numbers separated by commas, e.g. 1,4,10`,
      )
    return Number(p)
  })
}
