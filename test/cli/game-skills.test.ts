/**
 * A roster Skill is an option in a game (issue 37, Wrong 1). Quickstart, Pilot Skills: a Skill
 * costs Momentum ("[M-#]") and "You may only use one Skill per unit turn"; Persevere: "This turn
 * take -200 DMG per Hit", paid once for the turn. A profile's Skill is taken only when its side
 * can pay and it helps, and is never a reason to refuse a roll (game/skills.ts).
 */
import { describe, expect, it } from 'vitest'
import { gamesOf } from './game-fixture.js'

const ROSTER = `units:
  shooter: { side: red, acc: 9, pilot: 1, evade: 3, armSv: 2, hp: 3000, size: 1, traits: [giant-slayer],
             weapons: { rifle: { shots: 4, dmg: 300, pen: 5 } } }
  tank:    { side: blue, acc: 7, pilot: 1, evade: 2, armSv: 3, hp: 40000, size: 2, traits: [persevere],
             weapons: { cannon: { shots: 2, dmg: 600, pen: 6 } } }
  brawler: { side: blue, acc: 7, pilot: 1, evade: 2, armSv: 3, hp: 40000, size: 1, traits: [unbeaten],
             weapons: { gun: { shots: 2, dmg: 300, pen: 4 } } }
`

const { newGame, run, json } = gamesOf(ROSTER)
const momentum = (dir: string, side: string): number => json(dir, ['game', 'status']).sides[side].momentum
const setMomentum = (dir: string, unit: string, m: number) =>
  expect(run(dir, ['game', 'set', unit, '--momentum', String(m)]).code).toBe(0)

describe('a profile’s Skill in a game is an option', () => {
  it('tank (Persevere [M-2]) at 1 Momentum: the shot at it is made, without Persevere, and blue pays nothing', () => {
    const dir = newGame()
    setMomentum(dir, 'tank', 1)
    const r = json(dir, ['shoot', 'shooter:rifle', 'tank', '--seed', 'a'])
    expect(r.traits.defender).toEqual([])
    expect(momentum(dir, 'blue')).toBe(1)
  })

  it('shooter (Giant Slayer [M-1]) at 0 Momentum shoots, without Giant Slayer', () => {
    const dir = newGame()
    setMomentum(dir, 'shooter', 0)
    const r = json(dir, ['shoot', 'shooter:rifle', 'tank', '--seed', 'a'])
    expect(r.traits.attacker).toEqual([])
    expect(momentum(dir, 'red')).toBe(0)
  })

  it('paid when the side can: Giant Slayer 1 for red, Persevere 2 for blue', () => {
    const dir = newGame()
    const r = json(dir, ['shoot', 'shooter:rifle', 'tank', '--seed', 'a'])
    expect(r.traits).toEqual({ attacker: ['giant-slayer=not-larger'], defender: ['persevere'] })
    expect([momentum(dir, 'red'), momentum(dir, 'blue')]).toEqual([4, 3])
  })

  it('Persevere ("This turn take -200 DMG per Hit") is paid once for shooter’s turn, again in the next turn', () => {
    const dir = newGame()
    json(dir, ['shoot', 'shooter:rifle', 'tank', '--seed', 'a'])
    const again = json(dir, ['shoot', 'shooter:rifle', 'tank', '--seed', 'b'])
    expect(again.traits.defender).toEqual(['persevere'])
    expect([momentum(dir, 'red'), momentum(dir, 'blue')]).toEqual([4, 3])
    expect(run(dir, ['game', 'next-round']).code).toBe(0)
    json(dir, ['shoot', 'shooter:rifle', 'tank', '--seed', 'c'])
    expect([momentum(dir, 'red'), momentum(dir, 'blue')]).toEqual([3, 1])
  })

  it('taken only when it helps: Unbeaten (melee defense rerolls) is not paid for against a shot', () => {
    const dir = newGame()
    const r = json(dir, ['shoot', 'shooter:rifle', 'brawler', '--seed', 'a'])
    expect(r.traits.defender).toEqual([])
    expect(momentum(dir, 'blue')).toBe(5)
  })

  it('one Skill a unit turn: tank offering Skill Defense Momentum uses that, not Persevere', () => {
    const dir = newGame()
    const r = json(dir, ['shoot', 'shooter:rifle', 'tank', '--seed', 'a', '--momentum', '1'])
    expect(r.traits.defender).toEqual([])
  })

  it('a Skill named by a flag is the player’s: more than the side has is refused, nothing recorded', () => {
    const dir = newGame()
    setMomentum(dir, 'tank', 1)
    const r = run(dir, ['shoot', 'shooter:rifle', 'tank', '--seed', 'a', '--def-trait', 'persevere'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/blue would spend 2 Momentum and has 1/)
  })
})
