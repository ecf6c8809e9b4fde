/**
 * Turns in a game (issue 37; rules-notes, "Turns in a game"): the rolls one unit makes in a row
 * in a round are its unit turn. Wargame rules: Superior Instincts "twice per game gain +3 Blocks
 * this Turn" (one use for every roll of the attacking unit's turn); Awe Inspiring Arrival "On the
 * first turn you are attacked gain +1 Block vs each enemy attack action" (the first enemy turn
 * that attacks it, then gone for the game). The game carries them between commands.
 */
import { describe, expect, it } from 'vitest'
import { gamesOf } from './game-fixture.js'

const ROSTER = `units:
  gunner: { side: red, acc: 9, pilot: 0, evade: 2, melee: 5, armSv: 1, hp: 3000, size: 1,
            weapons: { rifle: { shots: 5, dmg: 300, pen: 5 }, bazooka: { shots: 2, dmg: 800, pen: 6 } } }
  ace:    { side: red, acc: 9, pilot: 1, evade: 3, melee: 6, armSv: 2, hp: 3500, size: 1,
            weapons: { rifle: { shots: 4, dmg: 400, pen: 6 } } }
  t-si:   { side: blue, evade: 3, pilot: 2, armSv: 2, melee: 5, hp: 30000, size: 1, traits: [superior-instincts],
            weapons: { knife: { melee: true, dmg: 300, pen: 4 } } }
  t-ki:   { side: blue, evade: 3, pilot: 2, armSv: 2, melee: 5, hp: 30000, size: 1, traits: [killer-instinct],
            weapons: { knife: { melee: true, dmg: 300, pen: 4 } } }
  t-awe:  { side: blue, evade: 3, pilot: 2, armSv: 2, melee: 5, hp: 30000, size: 1, traits: [awe-inspiring-arrival],
            weapons: { knife: { melee: true, dmg: 300, pen: 4 } } }
`

const { newGame, run, json } = gamesOf(ROSTER)
const shot = (dir: string, attack: string, target: string, seed: string): string[] =>
  json(dir, ['shoot', attack, target, '--auto', '--seed', seed]).traits?.defender ?? []
const unit = (dir: string, key: string) => json(dir, ['game', 'status']).units[key]

describe('turns in a game', () => {
  it('Superior Instincts: one use for gunner’s turn (two shots), the second for ace’s, then immunity only', () => {
    const dir = newGame()
    expect(shot(dir, 'gunner:rifle', 't-si', 'a')).toEqual(['superior-instincts=blocks'])
    expect(shot(dir, 'gunner:bazooka', 't-si', 'b')).toEqual(['superior-instincts=blocks'])
    expect(unit(dir, 't-si').spent).toEqual(['superior-instincts'])
    expect(shot(dir, 'ace:rifle', 't-si', 'c')).toEqual(['superior-instincts=blocks'])
    expect(unit(dir, 't-si').spent).toEqual(['superior-instincts', 'superior-instincts'])
    // ace's turn goes on with its uses held; the next round's turn has none left.
    expect(shot(dir, 'ace:rifle', 't-si', 'd')).toEqual(['superior-instincts=blocks'])
    expect(run(dir, ['game', 'next-round']).code).toBe(0)
    expect(shot(dir, 'ace:rifle', 't-si', 'e')).toEqual(['superior-instincts=immune'])
  })

  it('a plan in a game: gunner’s plan goes on with gunner’s turn (its use held), ace’s attack takes the second', () => {
    const dir = newGame()
    shot(dir, 'gunner:rifle', 't-si', 'a')
    const p = json(dir, ['plan', 't-si', 'gunner:bazooka', 'ace:rifle', '--seed', 'p'])
    expect(p.steps.map((s: { spent?: string[] }) => s.spent)).toEqual([undefined, ['superior-instincts']])
    expect(unit(dir, 't-si').spent).toEqual(['superior-instincts', 'superior-instincts'])
  })

  it('Awe Inspiring Arrival: +1 block on every roll of the first turn that attacks the unit, then gone for the game', () => {
    const dir = newGame()
    expect(shot(dir, 'gunner:rifle', 't-awe', 'a')).toEqual(['awe-inspiring-arrival'])
    expect(shot(dir, 'gunner:bazooka', 't-awe', 'b')).toEqual(['awe-inspiring-arrival'])
    expect(unit(dir, 't-awe').spent).toEqual(['awe-inspiring-arrival'])
    expect(shot(dir, 'ace:rifle', 't-awe', 'c')).toEqual([])
    expect(run(dir, ['game', 'next-round']).code).toBe(0)
    expect(shot(dir, 'gunner:rifle', 't-awe', 'd')).toEqual([])
  })

  it('Killer Instinct on a profile (W: under 50% HP) is in effect only once the game has the unit under half its HP', () => {
    const dir = newGame()
    expect(shot(dir, 'gunner:rifle', 't-ki', 'a')).toEqual([])
    expect(run(dir, ['game', 'set', 't-ki', '--hp', '15000']).code).toBe(0)
    expect(shot(dir, 'gunner:rifle', 't-ki', 'b')).toEqual([])
    expect(run(dir, ['game', 'set', 't-ki', '--hp', '14999']).code).toBe(0)
    expect(shot(dir, 'gunner:rifle', 't-ki', 'c')).toEqual(['killer-instinct'])
  })

  it('Shutdown (Q: "less than 0 Actions"; "Gain Tactical Advantage vs Shutdown units, their Evade and Melee are set to 0")', () => {
    const dir = newGame()
    expect(run(dir, ['game', 'set', 't-ki', '--stun', '1']).code).toBe(0)
    let r = json(dir, ['shoot', 'gunner:rifle', 't-ki', '--auto', '--seed', 'a'])
    expect([r.inputs.evade.value, r.inputs.advantage]).toEqual([3, undefined])
    expect(run(dir, ['game', 'set', 't-ki', '--stun', '2']).code).toBe(0)
    r = json(dir, ['shoot', 'gunner:rifle', 't-ki', '--auto', '--seed', 'a'])
    expect([r.inputs.evade.value, r.inputs.advantage.value, r.targetNumber]).toEqual([0, true, 9])
    // A shut-down unit does not attack until a correction records its recovery.
    const refused = run(dir, ['melee', 't-ki:knife', 'gunner', '--auto', '--seed', 'b'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/^mecha: melee: t-ki is shut down \(2 stun penalties/)
    expect(refused.stderr.trim().split('\n')).toHaveLength(1)
    // game stats resolves the roll again as it was made: at Evade 0 with Tactical Advantage.
    const stats = json(dir, ['game', 'stats'])
    expect(stats.rolls[stats.rolls.length - 1].dealt).toBe(r.damage)
  })
})
