/**
 * The library's game functions given what is not a log (issue 38 item 13): text that is not
 * text, a points size that is not one, logs built or changed by hand. Each is one MechaError
 * with a line of words, never a TypeError from deep in the replay.
 */
import { describe, expect, it } from 'vitest'
import { type GameLog, game, shoot } from '../../src/api/index.js'
import { refused } from './refused.js'

const roster = {
  units: {
    argonaut: { acc: 9, evade: 4, hp: 700, armSv: 2, side: 'red', weapons: { gun: { shots: 3, dmg: 100 } } },
    dervish: { acc: 8, evade: 3, hp: 600, side: 'blue', weapons: { gun: { shots: 3, dmg: 100 } } },
  },
}

/** A started game's header, as data to change by hand. */
const header = () => JSON.parse(game.start(roster, 'simple-battle', 500)) as GameLog['header']
const call = (f: (log: never) => unknown) => (log: unknown) => () => f(log as never)
const readers = {
  state: call(game.state),
  events: call(game.events),
  score: call(game.score),
  roster: call(game.roster),
}

describe('game.parse and game.repair: the text of a log', () => {
  it.each([
    [null, 'null'],
    [undefined, 'undefined'],
    [42, '42'],
    [{}, 'an object'],
  ])('refuse %s in words', (text, words) => {
    for (const f of [game.parse, game.repair]) {
      const e = refused(() => f(text as never))
      expect(e.code).toBe('bad-game')
      expect(e.message).toBe(`game: give the log's text, a string (got ${words})`)
    }
  })
})

describe('game.start: a mode and a points size as game new takes them', () => {
  it.each([NaN, Infinity, -5, 0, 1.5, 1_000_001, '500'])('refuses points %s', (points) => {
    const e = refused(() => game.start(roster, 'simple-battle', points as never))
    expect(e.code).toBe('bad-value')
    expect(e.message).toMatch(
      /^game\.start: points .*; give the points size, a whole number 1-1000000, e\.g\. 500$/,
    )
  })

  it('refuses a mode that is not one', () => {
    for (const mode of ['nope', null, Object.create(null)]) {
      const e = refused(() => game.start(roster, mode as never, 500))
      expect(e.message).toMatch(
        /^game\.start: mode (.+); give one of simple-battle, confrontation, secure-the-objective, defend-the-city$/,
      )
    }
  })

  it('starts a game that reads back (Defend the City without points)', () => {
    expect(game.parse(game.start(roster, 'simple-battle', 1_000_000)).header.points).toBe(1_000_000)
    const city = {
      units: {
        a: { ...roster.units.argonaut, side: 'attacker' },
        d: { ...roster.units.dervish, side: 'defender' },
      },
    }
    expect(game.parse(game.start(city, 'defend-the-city')).header.mode).toBe('defend-the-city')
  })
})

describe('a log built by hand is checked as its text would be', () => {
  const cases: Array<[string, unknown, string]> = [
    ['null', null, 'game: a game log is { header, events }, as game.parse gives it'],
    ['no events', { header: {} }, 'game: a game log is { header, events }, as game.parse gives it'],
    [
      'events null',
      { header: {}, events: null },
      'game: a game log is { header, events }, as game.parse gives it',
    ],
  ]
  it.each(cases)('%s: refused for state, events, score and roster', (_, log, message) => {
    for (const read of Object.values(readers)) expect(refused(read(log)).message).toBe(message)
  })

  it('an empty header, a hole, a cycle, a BigInt, an unknown unit: one line naming the entry', () => {
    const cycle: Record<string, unknown> = { t: 'next-round' }
    cycle.self = cycle
    // A list with a hole before its one event.
    const holed: unknown[] = []
    holed[1] = { t: 'next-round' }
    const logs: Array<[unknown, RegExp]> = [
      [{ header: {}, events: [] }, /^game:1: not a mecha game log/],
      [{ header: header(), events: holed }, /^game:2: an empty place; expected an entry, \{…\}$/],
      [{ header: header(), events: [{ t: 'next-round' }, 'x'] }, /^game:3: "x"; expected an entry/],
      [
        { header: header(), events: [cycle] },
        /^game:2: the entry cannot be written as JSON \(Converting circular structure to JSON\)$/,
      ],
      [
        { header: header(), events: [{ t: 'set', unit: 'argonaut', hp: 5n }] },
        /^game:2: the entry cannot be written as JSON \(.*BigInt.*\)$/,
      ],
      [
        { header: header(), events: [{ t: 'set', unit: 'zz', hp: 5 }] },
        /^game:2: "zz": no such unit in this game/,
      ],
    ]
    for (const [log, message] of logs)
      for (const read of Object.values(readers)) {
        const e = refused(read(log))
        expect(e.code).toBe('bad-game')
        expect(e.message).toMatch(message)
        expect(e.message).not.toContain('\n')
      }
  })

  it('a request by names refuses a hand-built game the same way', () => {
    const e = refused(() =>
      shoot.odds({
        attacker: 'argonaut:gun',
        defender: 'dervish',
        game: { header: {}, events: [] } as never,
      }),
    )
    expect(e.message).toMatch(/^game:1: not a mecha game log/)
  })

  it('a log built by hand that reads is played as its text is', () => {
    const log = {
      header: header(),
      events: [{ t: 'set', unit: 'dervish', hp: 100 }, { t: 'next-round' }],
    } as GameLog
    const text = game.line(log.header) + log.events.map((e) => game.line(e)).join('')
    expect(game.state(log)).toEqual(game.state(game.parse(text)))
    expect(game.state(log).units.dervish.hp).toBe(100)
    expect(game.state(log).round).toBe(2)
    expect(game.roster(log).units.dervish).toMatchObject({ hp: 100 })
    expect(game.events(log).map((e) => e.text)).toEqual(game.events(game.parse(text)).map((e) => e.text))
  })
})

describe('game.line', () => {
  it('refuses what is not an entry, or cannot be JSON', () => {
    expect(refused(() => game.line(null as never)).message).toBe(
      "game.line: null; give an event, e.g. { t: 'next-round' }",
    )
    expect(refused(() => game.line({ t: 'set', unit: 'a', hp: 1n } as never)).message).toMatch(
      /^game\.line: the event cannot be written as JSON \(.*BigInt.*\)$/,
    )
    expect(game.line({ t: 'next-round' })).toBe('{"t":"next-round"}\n')
  })
})
