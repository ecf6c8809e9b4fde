import { describe, expect, it } from 'vitest'
import { battleRound, battleRoundText, eventRows, roundReminders } from '../../src/game/describe.js'
import {
  type GameEvent,
  type GameHeader,
  type ResolutionEvent,
  parseGame,
  repairGame,
} from '../../src/game/log.js'
import { newGameHeader } from '../../src/game/new.js'
import { sideScores } from '../../src/game/score.js'
import { cutShort, lastInEffect, replay, undoneBy } from '../../src/game/state.js'
import { parseRoster } from '../../src/rules/stellar/roster-text.js'

const ROSTER = `units:
  lancer: { side: red, hp: 3000, frame: 2, pilot: 2, weapons: { rifle: { shots: 4, dmg: 300 } } }
  hornet: { side: red, hp: 2000, frame: 1, kind: super-robot }
  brute: { side: blue, hp: 4000, frame: 3, pilot: 1, performance: 8 }
  wasp: { side: blue, hp: 1000, frame: 1, kind: warship }
`

const header = (mode: GameHeader['mode'] = 'simple-battle', points: number | undefined = 1000) =>
  newGameHeader(parseRoster(ROSTER, 'r.yaml'), mode, points)

const state = (events: GameEvent[], h = header()) => replay({ header: h, events })

const shot = (unit: string, hpLost: number, more: object = {}): GameEvent => ({
  t: 'resolution',
  command: 'shoot',
  request: { acc: 9, shots: 4, dmg: 300 },
  seed: 's1',
  effects: [{ unit, hpLost, ...more }],
})

describe('a new game', () => {
  it('keeps the roster as it is now, the two sides and the starting Momentum from the points size', () => {
    const h = header('simple-battle', 1500)
    expect(h.sides).toEqual({ red: { momentum: 7 }, blue: { momentum: 7 } })
    expect(h.units.lancer).toEqual({
      side: 'red',
      name: 'lancer',
      kind: 'ms',
      hp: 3000,
      frame: 2,
      pilot: 2,
      traits: [],
      weapons: { rifle: { name: 'rifle', melee: false, shots: 4, dmg: 300 } },
    })
    expect(header('simple-battle', 500).sides.red.momentum).toBe(3)
    expect(header('simple-battle', 2000).sides.red.momentum).toBe(9)
    // Defend the City: 7 whatever the size, and no points needed.
    const city = newGameHeader(
      parseRoster(
        ROSTER.replace(/side: red/g, 'side: attacker').replace(/side: blue/g, 'side: defender'),
        'r',
      ),
      'defend-the-city',
      undefined,
    )
    expect(city.sides).toEqual({ attacker: { momentum: 7 }, defender: { momentum: 7 } })
  })

  it('refuses units without a side, one side, and a missing points size', () => {
    expect(() =>
      newGameHeader(
        parseRoster(ROSTER.replace('side: red, hp: 2000', 'hp: 2000'), 'r'),
        'confrontation',
        1000,
      ),
    ).toThrow(/hornet has no side/)
    expect(() =>
      newGameHeader(parseRoster(ROSTER.replace(/side: blue/g, 'side: red'), 'r'), 'confrontation', 1000),
    ).toThrow(/one side \(red\); a game has two/)
    const roster = parseRoster(ROSTER, 'r.yaml')
    expect(() => newGameHeader(roster, 'simple-battle', undefined)).toThrow(/--points is required/)
    expect(() => newGameHeader(roster, 'defend-the-city', undefined)).toThrow(/attacker and a defender/)
  })
})

describe('a roster unit takes a side', () => {
  it('a name, as unit names are; anything else is refused on its line', () => {
    expect(parseRoster('units:\n  a: { side: red }\n', 'r').units[0].side).toBe('red')
    expect(parseRoster('units:\n  a: { hp: 5 }\n', 'r').units[0].side).toBeUndefined()
    expect(() => parseRoster('units:\n  a:\n    side: 3\n', 'r.yaml')).toThrow(
      "r.yaml:3: units.a.side: expected a side's name, e.g. red, got 3",
    )
    expect(() => parseRoster('units:\n  a:\n    side: red team\n', 'r.yaml')).toThrow(
      'r.yaml:3: units.a.side: "red team" is not a side\'s name',
    )
  })
})

describe('the state is the replay of the log', () => {
  it('starts from full HP, round 1 and the starting Momentum', () => {
    const s = state([])
    expect(s.round).toBe(1)
    expect(s.units.brute).toMatchObject({ hp: 4000, maxHp: 4000, destroyed: false, stun: 0 })
    expect(s.sides.blue.momentum).toBe(5)
  })

  it('applies a resolution: HP lost down to 0 (destroyed, with its round), Momentum spent, traits used', () => {
    const s = state([
      { t: 'next-round' },
      shot('brute', 1500, { momentum: -2, stun: 1 }),
      {
        t: 'resolution',
        command: 'melee',
        request: {},
        rolls: [3, 5, 10],
        effects: [
          { unit: 'wasp', hpLost: 5000 },
          { unit: 'lancer', momentum: 1, spent: ['make-it-count'], spentThisRound: ['unyielding'] },
        ],
      },
    ])
    expect(s.units.brute).toMatchObject({ hp: 2500, destroyed: false, stun: 1 })
    expect(s.sides.blue.momentum).toBe(3)
    expect(s.units.wasp).toMatchObject({ hp: 0, destroyed: true, destroyedRound: 2 })
    expect(s.sides.red.momentum).toBe(6)
    expect(s.units.lancer).toMatchObject({ spent: ['make-it-count'], spentThisRound: ['unyielding'] })
    // next-round gives back what is once per round, not what is once per game
    const t = state([shot('lancer', 0, { spent: ['a'], spentThisRound: ['b'] }), { t: 'next-round' }])
    expect(t.units.lancer).toMatchObject({ spent: ['a'], spentThisRound: [] })
    expect(t.round).toBe(2)
  })

  it('keeps Momentum within 0-10', () => {
    expect(state([shot('brute', 0, { momentum: -9 })]).sides.blue.momentum).toBe(0)
    expect(state([shot('brute', 0, { momentum: 9 })]).sides.blue.momentum).toBe(10)
  })

  it('applies a hand correction: HP (0 destroys, more brings back), destroyed, the side Momentum, stun', () => {
    expect(state([{ t: 'set', unit: 'brute', hp: 100 }]).units.brute).toMatchObject({
      hp: 100,
      destroyed: false,
    })
    expect(state([{ t: 'set', unit: 'brute', hp: 0 }]).units.brute).toMatchObject({ hp: 0, destroyed: true })
    const back = state([
      { t: 'set', unit: 'brute', destroyed: true },
      { t: 'set', unit: 'brute', hp: 900 },
    ])
    expect(back.units.brute).toMatchObject({ hp: 900, destroyed: false })
    expect(back.units.brute.destroyedRound).toBeUndefined()
    const s = state([{ t: 'set', unit: 'hornet', momentum: 2, stun: 3 }])
    expect(s.sides.red.momentum).toBe(2)
    expect(s.sides.blue.momentum).toBe(5)
    expect(s.units.hornet.stun).toBe(3)
  })

  it('undo takes an event back; the undone event stays in the log, marked', () => {
    const events: GameEvent[] = [shot('brute', 1000), shot('brute', 1000), { t: 'undo', events: [2] }]
    expect(state(events).units.brute.hp).toBe(3000)
    expect(undoneBy(events)).toEqual([undefined, 3, undefined])
    expect(lastInEffect(events)).toBe(3)
  })

  it('undo of an undo puts the event back; undoing that again takes it back again', () => {
    const base: GameEvent[] = [shot('brute', 1000), shot('brute', 1000), { t: 'undo', events: [2] }]
    const redo: GameEvent[] = [...base, { t: 'undo', events: [3] }]
    expect(state(redo).units.brute.hp).toBe(2000)
    expect(undoneBy(redo)).toEqual([undefined, undefined, 4, undefined])
    const again: GameEvent[] = [...redo, { t: 'undo', events: [4] }]
    expect(state(again).units.brute.hp).toBe(3000)
    expect(undoneBy(again)).toEqual([undefined, 3, undefined, 5, undefined])
  })

  it('undo --to N (every event after N, undos too) gives the state right after event N', () => {
    const events: GameEvent[] = [
      shot('brute', 500),
      { t: 'undo', events: [1] },
      shot('brute', 700),
      { t: 'next-round' },
      { t: 'undo', events: [2] },
      shot('wasp', 1000),
    ]
    for (let n = 0; n <= events.length; n++) {
      const to: GameEvent = {
        t: 'undo',
        events: Array.from({ length: events.length - n }, (_, i) => n + i + 1),
      }
      if (n === events.length) continue
      expect(state([...events, to])).toEqual(state(events.slice(0, n)))
    }
  })

  it('a torn entry changes nothing and is not what undo takes back', () => {
    const events: GameEvent[] = [shot('brute', 1000), { t: 'torn', text: '{"t":"se' }]
    expect(state(events)).toEqual(state(events.slice(0, 1)))
    expect(lastInEffect(events)).toBe(1)
  })
})

describe("a plan's attacks: written together, in effect only together", () => {
  const step = (n: number, of: number, hpLost = 100): GameEvent => ({
    ...(shot('brute', hpLost) as ResolutionEvent),
    plan: { step: n, of },
  })

  it('a plan of three whole is in effect; two of three (a write cut short) are not, nor a step without its first', () => {
    const whole = [step(1, 3), step(2, 3), step(3, 3)]
    expect(state(whole).units.brute.hp).toBe(3700)
    expect(cutShort(whole)).toEqual([false, false, false])
    // Steps 1 and 2 landed whole, the third was cut short (kept by repair as a torn entry).
    const cut: GameEvent[] = [shot('wasp', 100), step(1, 3), step(2, 3), { t: 'torn', text: '{"t":"res' }]
    expect(cutShort(cut)).toEqual([false, true, true, false])
    expect(state(cut)).toEqual(state(cut.slice(0, 1)))
    expect(lastInEffect(cut)).toBe(1)
    expect(eventRows(cut).map((r) => r.cutShort)).toEqual([undefined, true, true, undefined])
    // A write cut at a line's end leaves no torn line: the steps still count only all together.
    expect(state([step(1, 2)]).units.brute.hp).toBe(4000)
    // A later plan, whole, after a cut one; a step without its first.
    const after: GameEvent[] = [step(1, 2), step(1, 2, 500), step(2, 2, 500), step(2, 2)]
    expect(cutShort(after)).toEqual([true, false, false, true])
    expect(state(after).units.brute.hp).toBe(3000)
  })
})

describe('names a log gives are only names', () => {
  it('a unit named __proto__ is a unit like any other: replayed, scored, reminded of', () => {
    const h = JSON.parse(JSON.stringify(header()).replace('"hornet":', '"__proto__":')) as GameHeader
    const text = [h, { t: 'set', unit: 'lancer', hp: 5 }, { t: 'set', unit: '__proto__', hp: 7, stun: 1 }]
      .map((e) => JSON.stringify(e) + '\n')
      .join('')
    const log = parseGame(text, 'g')
    const s = replay(log)
    expect(Object.keys(s.units).sort()).toEqual(['__proto__', 'brute', 'lancer', 'wasp'])
    expect(Object.hasOwn(s.units, '__proto__')).toBe(true)
    expect(s.units.__proto__).toMatchObject({ side: 'red', hp: 7, maxHp: 2000, stun: 1 })
    expect(s.units.lancer.hp).toBe(5)
    // A name missing is missing: nothing inherited answers for it.
    expect(s.units.constructor).toBeUndefined()
    expect(s.sides.toString).toBeUndefined()
    // blue scores the __proto__ unit under half its HP (Frame 1: 1 VP, half rounded up: 1) and the lancer (4: 2)
    expect(sideScores(log.header, s).blue.vp).toBe(3)
    const next = replay({ ...log, events: [...log.events, { t: 'next-round' }] })
    expect(roundReminders(log.header, next)).toContain(
      '__proto__ has 1 -1 Action penalty from stun: at the end of its turn, mecha stun-recover --penalty 1',
    )
  })
})

describe('how long a game is', () => {
  it.each([
    ['simple-battle', 1, 'round 1 of 5', 1, false],
    ['simple-battle', 5, 'round 5 of 5', 5, false],
    ['simple-battle', 6, 'over: 5 rounds played', 5, true],
    ['defend-the-city', 3, 'round 3 of 5', 3, false],
    // Confrontation: three battles of three rounds, each battle's rounds counted from 1.
    ['confrontation', 1, 'battle 1 of 3, round 1 of 3', 1, false],
    ['confrontation', 4, 'battle 2 of 3, round 1 of 3', 1, false],
    ['confrontation', 9, 'battle 3 of 3, round 3 of 3', 3, false],
    ['confrontation', 10, 'over: 3 battles of 3 rounds played', 3, true],
    ['confrontation', 11, 'over: 3 battles of 3 rounds played', 3, true],
  ] as const)(
    '%s, the game in its round %i: %s (a roll reads round %i)',
    (mode, round, text, reads, over) => {
      const b = battleRound(mode, round)
      expect(battleRoundText(b)).toBe(text)
      expect(b.round).toBe(reads)
      expect(b.over).toBe(over)
    },
  )
})

describe('VP as if the battle ended now', () => {
  it('scores destroyed enemies, enemies under half HP, and Unacceptable Casualties', () => {
    // blue destroys the lancer (Frame 2 + Level 2 = 4; red loses 2 for its Level 2 pilot); red
    // destroys the wasp (Frame 1 + warship 2 = 3) and leaves the brute at 1900 of 4000 (Frame 3
    // + Level 1 + Performance 8: +2 = 6, half: 3).
    const s = state([shot('lancer', 3000), shot('wasp', 1000), shot('brute', 2100)])
    const vp = sideScores(header(), s)
    expect(vp.red.vp).toBe(3 + 3 - 2)
    expect(vp.blue.vp).toBe(4)
  })

  it("Confrontation adds the side's own survivors; Defend the City doubles the Defender's early kills", () => {
    const conf = sideScores(header('confrontation'), replay({ header: header('confrontation'), events: [] }))
    // red's survivors: lancer 4, hornet 1
    expect(conf.red.vp).toBe(5)
    const roster = parseRoster(
      ROSTER.replace(/side: red/g, 'side: defender').replace(/side: blue/g, 'side: attacker'),
      'r',
    )
    const h = newGameHeader(roster, 'defend-the-city', undefined)
    const early = replay({ header: h, events: [shot('wasp', 1000)] })
    expect(sideScores(h, early).defender.vp).toBe(6)
    const late = replay({ header: h, events: [{ t: 'next-round' }, { t: 'next-round' }, shot('wasp', 1000)] })
    expect(sideScores(h, late).defender.vp).toBe(3)
  })
})

describe('next-round reminders', () => {
  it('stun recovery, Power and Havoc, Control Point Momentum, and the end of the battle', () => {
    const h = header()
    const s = state([shot('brute', 0, { stun: 2 }), { t: 'next-round' }])
    const r = roundReminders(h, s)
    expect(r).toContain(
      'brute has 2 -1 Action penalties from stun: at the end of its turn, mecha stun-recover --penalty 2',
    )
    expect(r).toContain('Power and Havoc refresh')
    expect(r.some((x) => /Momentum per Control Point/.test(x))).toBe(true)
    const end = state(Array.from({ length: 5 }, () => ({ t: 'next-round' }) as GameEvent))
    expect(roundReminders(h, end)[0]).toMatch(/the battle ended with round 5/)
    const conf = header('confrontation')
    const third = replay({
      header: conf,
      events: Array.from({ length: 3 }, () => ({ t: 'next-round' }) as GameEvent),
    })
    expect(roundReminders(conf, third)[0]).toMatch(/^battle 1 of 3 is over/)
  })
})

describe('reading a log', () => {
  const text = (events: object[]) => [header(), ...events].map((e) => JSON.stringify(e) + '\n').join('')

  it('reads what it writes', () => {
    const events: GameEvent[] = [shot('brute', 100), { t: 'undo', events: [1] }, { t: 'next-round' }]
    expect(parseGame(text(events), 'g.jsonl')).toEqual({ header: header(), events })
  })

  it.each([
    [[{ t: 'set', unit: 'nobody', hp: 3 }], 'g.jsonl:2: "nobody": no such unit in this game'],
    [
      [{ t: 'next-round' }, { t: 'set', unit: 'brute', hp: -1 }],
      'g.jsonl:3: "hp": -1; expected a whole number 0-1000000',
    ],
    [[{ t: 'set', unit: 'brute' }], 'g.jsonl:2: a set event sets something'],
    [[{ t: 'undo', events: [1] }], 'g.jsonl:2: "events": 1 is not an earlier event (1-0)'],
    [[{ t: 'next-round', round: 2 }], 'g.jsonl:2: unknown field "round" in a next-round event'],
    [[{ t: 'jump' }], 'g.jsonl:2: "t": "jump" is not an event'],
    [
      [{ t: 'resolution', command: 'shoot', request: {}, effects: [] }],
      'g.jsonl:2: a resolution carries its dice',
    ],
    [
      [
        {
          t: 'resolution',
          command: 'shoot',
          request: {},
          seed: 'x',
          effects: [{ unit: 'brute', hpLost: 'a' }],
        },
      ],
      'g.jsonl:2: "hpLost": "a"',
    ],
  ])('refuses a bad event with its line: %j', (events, message) => {
    expect(() => parseGame(text(events), 'g.jsonl')).toThrow(message)
  })

  it('refuses a bad header, an empty file, an empty line, a newer format', () => {
    expect(() => parseGame('', 'g')).toThrow('g:1: the file is empty')
    expect(() => parseGame('{"a":1}\n', 'g')).toThrow('g:1: not a mecha game log')
    expect(() => parseGame(text([]) + '\n', 'g')).toThrow('g:2: an empty line')
    expect(() => parseGame(JSON.stringify({ ...header(), version: 2 }) + '\n', 'g')).toThrow(
      'g:1: written in game format 2, and this mecha reads up to 1: update mecha',
    )
    expect(() => parseGame(JSON.stringify({ ...header(), mode: 'x' }) + '\n', 'g')).toThrow(
      'g:1: "mode": "x"',
    )
  })

  it('says a last line cut short is torn (code torn-game), and repair keeps every whole event', () => {
    const whole = text([shot('brute', 100), { t: 'next-round' }])
    const torn = whole + '{"t":"set","unit":"br'
    expect(() => parseGame(torn, 'g')).toThrow(
      expect.objectContaining({
        code: 'torn-game',
        message: expect.stringMatching(/^g:4: the last line is cut short/),
      }),
    )
    // a whole line without its newline is torn too: the next append would run into it
    expect(() => parseGame(whole + '{"t":"next-round"}', 'g')).toThrow(/^g:4: the last line is cut short/)
    const r = repairGame(torn, 'g')
    expect(r.torn).toEqual([4])
    const log = parseGame(r.text, 'g')
    expect(log.events).toEqual([
      shot('brute', 100),
      { t: 'next-round' },
      { t: 'torn', text: '{"t":"set","unit":"br' },
    ])
    expect(replay(log)).toEqual(replay(parseGame(whole, 'g')))
    // a torn line run into by a later write, in the middle: kept as text, numbers unchanged
    const mid = whole.replace('{"t":"next-round"}', '{"t":"se{"t":"next-round"}')
    expect(() => parseGame(mid, 'g')).toThrow(/^g:3: not a whole JSON line/)
    expect(repairGame(mid, 'g').torn).toEqual([3])
    expect(repairGame(whole, 'g')).toEqual({ text: whole, torn: [] })
  })
})
