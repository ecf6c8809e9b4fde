import { describe, expect, it } from 'vitest'
import { mecha, mechaJson } from './in-process.js'
import { mechaTty } from './run-cli.js'
import { strikeSpec } from '../../src/commands/formation/strike.js'
import type { ChoiceContext, ChoiceOption } from '../../src/runtime/spec.js'
import { parseValues } from '../../src/runtime/spec.js'
import { attackFromFace } from '../../src/rules/formation/strike.js'

const ESC = '\u001b[' // an ANSI escape (colour)

const F = (cmd: string, ...args: string[]) => ['formation', cmd, ...args]

function sumsToOne(map: Record<string, number>): void {
  const s = Object.values(map).reduce((a, b) => a + b, 0)
  expect(Math.abs(s - 1)).toBeLessThan(1e-9)
}

describe('mecha formation strike (the real binary)', () => {
  it('the attack d6 then the defender d6: a dodge that equals the attack', () => {
    const j = mechaJson(F('strike', '--str', '2', '--dmg', '4', '--dodge', '1', '--rolls', '4,5'))
    expect(j).toMatchObject({
      command: 'formation strike',
      hit: true,
      defended: true,
      damage: 0,
      defense: 'dodge',
      chosenBy: 'flag',
      seed: null,
      rolls: [4, 5],
    })
    expect(j.attack).toEqual({ roll: 4, modifier: 2, total: 6, hit: true, natural: null })
    expect(j.defenseRoll).toEqual({ roll: 5, bonus: 1, total: 6, needed: 5, success: true })
    expect(j.actionSpent).toBe(true)
  })

  it.each([
    [
      'a failed dodge takes the damage',
      ['--str', '2', '--dmg', '4', '--dodge', '1', '--rolls', '4,4'],
      { hit: true, defended: false, damage: 4 },
    ],
    [
      'a natural 1 misses: one die only',
      ['--str', '5', '--dmg', '4', '--dodge', '1', '--rolls', '1'],
      { hit: false, defended: false, damage: 0 },
    ],
    [
      'a natural 6 hits at STR -5',
      ['--str', '-5', '--dmg', '4', '--rolls', '6'],
      { hit: true, defended: false, damage: 4 },
    ],
    [
      'parry',
      ['--str', '1', '--dmg', '3', '--parry', '2', '--rolls', '3,2'],
      { hit: true, defended: true, damage: 0, defense: 'parry' },
    ],
    [
      'roll with damage vs a missile halves',
      ['--str', '1', '--dmg', '5', '--missile', '--roll-with', '1', '--rolls', '3,3'],
      { hit: true, defended: true, damage: 2, halved: true },
    ],
    // issue 14: rolling with damage only works against missiles, never halves a melee blow
    [
      '--melee --roll-with: a melee blow is not halved',
      ['--str', '1', '--dmg', '5', '--melee', '--roll-with', '1', '--rolls', '3,6'],
      { hit: true, defended: false, damage: 5, halved: false, defense: 'roll-with' },
    ],
    [
      '--melee --defense roll-with: not halved',
      ['--str', '1', '--dmg', '5', '--melee', '--def-rol', '1', '--defense', 'roll-with', '--rolls', '3,6'],
      { hit: true, defended: false, damage: 5, halved: false },
    ],
    [
      '--melee, automatic defender with ROL: not halved',
      ['--str', '1', '--dmg', '5', '--melee', '--def-rol', '6', '--defense', 'auto', '--rolls', '3'],
      { hit: true, damage: 5, halved: false, defense: 'none' },
    ],
    [
      'Accurate +1 makes a 1-total a hit',
      ['--str', '-1', '--accurate', '1', '--dmg', '3', '--rolls', '2'],
      { hit: true, damage: 3 },
    ],
    ['Volley 3', ['--str', '0', '--dmg', '2', '--volley', '3', '--rolls', '4'], { damage: 6 }],
    ['half damage to infantry', ['--str', '0', '--dmg', '5', '--vs-infantry', '--rolls', '4'], { damage: 2 }],
    [
      'AI: full damage to infantry',
      ['--str', '0', '--dmg', '5', '--vs-infantry', '--ai', '--rolls', '4'],
      { damage: 5 },
    ],
    [
      'knockdown: 3 loses the action',
      ['--str', '0', '--dmg', '2', '--knockdown', '--rolls', '4,3'],
      { damage: 2, knockdown: { roll: 3, actionLost: true } },
    ],
    [
      'Zentraedi: exact boxes bring infantry',
      ['--str', '0', '--dmg', '4', '--boxes', '4', '--zentraedi', '--rolls', '5'],
      { destroyed: true, infantry: true },
    ],
    [
      'a * box: a 6 destroys',
      ['--str', '0', '--dmg', '2', '--boxes', '6', '--star-boxes', '2', '--rolls', '5,6'],
      { destroyed: true, destroyedBy: 'star', boxesLeft: 4 },
    ],
    [
      'vulnerable spot 2 is a penalty',
      ['--str', '1', '--dmg', '2', '--vulnerable', '2', '--rolls', '2'],
      { hit: false },
    ],
    [
      'quality preset fills STR (Ace +2)',
      ['--quality', 'ace', '--dmg', '2', '--rolls', '1'],
      { hit: false, modifier: 2 },
    ],
  ])('%s', (_what, args, expected) => {
    expect(mechaJson(F('strike', ...args))).toMatchObject(expected)
  })

  it('Burst 3 at 3 targets: one attack roll, 2 damage each, then each target in order', () => {
    const j = mechaJson(
      F(
        'strike',
        '--str',
        '1',
        '--dmg',
        '6',
        '--burst',
        '3',
        '--targets',
        '3',
        '--dodge',
        '1',
        '--rolls',
        '3,4,1,2',
      ),
    )
    expect(j.targets.map((t: any) => [t.hit, t.defended, t.damage])).toEqual([
      [true, true, 0],
      [true, false, 2],
      [true, false, 2],
    ])
    expect(j).toMatchObject({ hit: true, defended: false, damage: 4, mode: 'burst' })
  })

  it('Split fire: an attack die per target, each followed by its answer', () => {
    const j = mechaJson(
      F(
        'strike',
        '--str',
        '1',
        '--dmg',
        '4',
        '--split',
        '2',
        '--targets',
        '2',
        '--dodge',
        '0',
        '--rolls',
        '4,5,1',
      ),
    )
    expect(j.targets.map((t: any) => [t.attack.roll, t.defended, t.damage])).toEqual([
      [4, true, 0],
      [1, false, 0],
    ])
    expect(j.attack).toBeNull()
  })

  it('skills known but no answer flag, no terminal: the best answer is picked and reported', () => {
    // total 7 vs DOD 0 (impossible) and ROL 3 (4+): rolling with it is the only hope
    const j = mechaJson(
      F(
        'strike',
        '--str',
        '1',
        '--dmg',
        '4',
        '--missile',
        '--def-dod',
        '0',
        '--def-rol',
        '3',
        '--rolls',
        '6,4',
      ),
    )
    expect(j).toMatchObject({ defense: 'roll-with', chosenBy: 'auto', defended: true, damage: 2 })
  })

  it('a defender preset with no flag: auto, dodge against a low roll', () => {
    const j = mechaJson(F('strike', '--str', '0', '--dmg', '4', '--def-quality', 'veteran', '--rolls', '2,1'))
    expect(j).toMatchObject({
      defense: 'dodge',
      chosenBy: 'auto',
      defended: true,
      skills: { dod: 2, par: 2, rol: 1 },
    })
  })

  it('nothing known of the defender: no answer, no second die', () => {
    const j = mechaJson(F('strike', '--str', '0', '--dmg', '4', '--rolls', '3'))
    expect(j).toMatchObject({ defense: 'none', chosenBy: 'default', damage: 4 })
  })

  it('a seed reproduces the strike and is reported', () => {
    const args = F(
      'strike',
      '--str',
      '1',
      '--dmg',
      '6',
      '--burst',
      '3',
      '--targets',
      '3',
      '--def-quality',
      'regular',
      '--knockdown',
    )
    const a = mechaJson([...args, '--seed', 'formation-1'])
    expect(a.seed).toBe('formation-1')
    expect(mechaJson([...args, '--seed', 'formation-1'])).toEqual(a)
  })

  it('--odds: exact maps that sum to 1, with the choice used', () => {
    const j = mechaJson(
      F('strike', '--str', '2', '--dmg', '4', '--dodge', '1', '--knockdown', '--boxes', '4', '--odds'),
    )
    for (const k of ['hit', 'defended', 'damage', 'knockdowns', 'destroyed']) sumsToOne(j.odds[k])
    expect(j.odds.defended.true).toBeCloseTo(5 / 18, 12)
    expect(j.odds.expected.damage).toBeCloseTo(4 * (5 / 9), 12)
    expect(j.defense).toBe('dodge')
  })

  it('--odds for a Burst spread: targetsHit and targetsDefended', () => {
    const j = mechaJson(
      F(
        'strike',
        '--str',
        '1',
        '--dmg',
        '6',
        '--burst',
        '3',
        '--targets',
        '3',
        '--def-quality',
        'regular',
        '--odds',
      ),
    )
    for (const k of ['hit', 'defended', 'damage', 'targetsHit', 'targetsDefended']) sumsToOne(j.odds[k])
    expect(j.odds.targetsHit).toEqual({ '0': 1 / 6, '3': 5 / 6 })
  })

  it('human output and --explain', () => {
    const r = mecha(F('strike', '--str', '2', '--dmg', '4', '--dodge', '1', '--rolls', '4,4', '--explain'))
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Attack: d6 4 + 2 = 6 -> hits')
    expect(r.stdout).toContain('Defender dodges +1: d6 4 + 1 = 5 vs 6 -> fails')
    expect(r.stdout).toContain('Damage: 4')
    expect(r.stdout).toContain('needs d6 +1 >= attack total 6, a natural 5+ (33.33%)')
    expect(r.stdout).not.toContain(ESC)
    expect(r.stderr).toBe('')
  })

  it('HARM at a target that is not a radar: a d6 first; 4+ flies off with nothing else rolled', () => {
    const off = mechaJson(
      F('strike', '--str', '2', '--dmg', '4', '--missile', '--dodge', '1', '--harm-stray', '--rolls', '4'),
    )
    expect(off).toMatchObject({
      hit: false,
      damage: 0,
      attack: null,
      targets: [],
      harm: { roll: 4, retargeted: true },
      rolls: [4],
    })
    const stays = mechaJson(
      F(
        'strike',
        '--str',
        '2',
        '--dmg',
        '4',
        '--missile',
        '--dodge',
        '1',
        '--harm-stray',
        '--rolls',
        '3,4,3',
      ),
    )
    expect(stays).toMatchObject({
      hit: true,
      damage: 4,
      harm: { roll: 3, retargeted: false },
      attack: { roll: 4, total: 6 },
    })
    expect(mechaJson(F('strike', '--str', '2', '--dmg', '4', '--rolls', '4'))).not.toHaveProperty('harm')
    const odds = mechaJson(F('strike', '--str', '2', '--dmg', '4', '--harm-stray', '--odds')).odds
    expect(odds.harmRetargeted).toBe(0.5)
    expect(odds.damage['4']).toBeCloseTo(5 / 6 / 2, 12)
    sumsToOne(odds.damage)
    const text = mecha(F('strike', '--str', '2', '--dmg', '4', '--harm-stray', '--rolls', '6'), {
      env: { NO_COLOR: '1' },
    }).stdout
    expect(text).toContain(
      'HARM: d6 6 -> ignores this target and flies at the nearest radar (4+): no attack here',
    )
  })

  it('--help spells out the dice order, multi-target included', () => {
    const r = mecha(F('strike', '--help'))
    expect(r.code).toBe(0)
    const text = r.stdout.replace(/\s+/g, ' ') // help is wrapped to 80 columns
    expect(text).toMatch(
      /Dice order for --rolls: the attack d6; then, if it landed and the defender answers, the defender's d6/,
    )
    expect(text).toMatch(/Split fire: for each target in turn/)
  })
})

describe('the other formation rolls (the real binary)', () => {
  it.each([
    [F('ams', '--ams', '4', '--missiles', '3', '--rolls', '5'), { destroyed: 2, remaining: 1, needed: 4 }],
    [
      F('ams', '--ams', '4', '--missiles', '3', '--long-range', '--rolls', '4'),
      { destroyed: 0, remaining: 3, needed: 5 },
    ],
    [
      F('ams', '--ams', '4', '--missiles', '3', '--missile-dmg', '15', '--rolls', '6'),
      { destroyed: 2, longRange: true },
    ],
    [F('knockdown', '--rolls', '4'), { actionLost: false, actionsLost: 0 }],
    [F('knockdown', '--rolls', '3'), { actionLost: true, actionsLost: 1 }],
    [
      F('jam', '--rolls', '3'),
      { countersPlaced: 1, counters: 1, targetNumber: 3, effects: { actionsLost: 1, strModifier: -1 } },
    ],
    [F('jam', '--countered', '--rolls', '4'), { countersPlaced: 0, targetNumber: 5 }],
    [
      F('jam', '--counters', '1', '--rolls', '6'),
      { counters: 2, effects: { noMissileFire: true, noSpotting: true, strModifier: -2 } },
    ],
    [F('destroy-check', '--rolls', '6'), { destroyed: true, destroyedOn: 1 }],
    [F('destroy-check', '--stars', '2', '--rolls', '5,5'), { destroyed: false, destroyedOn: null }],
    [
      F('initiative', '--rolls', '2,5'),
      { winner: 'b', winnerMoves: 'last', chosenBy: 'auto', firstMover: 'a' },
    ],
    [
      F(
        'initiative',
        '--a-formations',
        '12',
        '--b-formations',
        '7',
        '--winner-moves',
        'first',
        '--rolls',
        '6,6,4,3',
      ),
      { winner: 'a', firstMover: 'a', movements: { a: [2, 2, 2, 2, 2, 1, 1], b: [1, 1, 1, 1, 1, 1, 1] } },
    ],
  ])('%j', (args, expected) => {
    expect(mechaJson(args)).toMatchObject(expected)
  })

  it('the dice a roll used are listed under dice (the typed list stays under rolls)', () => {
    const j = mechaJson(F('ams', '--ams', '3', '--missiles', '5', '--shots', '2', '--rolls', '4,3'))
    expect(j.dice).toEqual([
      { roll: 4, modified: 4, destroyed: 2 },
      { roll: 3, modified: 3, destroyed: 1 },
    ])
    expect(j.rolls).toEqual([4, 3])
  })

  it('ordinary missile salvos are removed without dice, and no seed is reported', () => {
    const j = mechaJson(F('jam', '--vs-missiles', '--attempts', '3'))
    expect(j.salvosRemoved).toBe(3)
    expect(j.seed).toBeUndefined()
  })

  it.each([
    [F('ams', '--ams', '3', '--missiles', '6', '--shots', '2', '--odds'), ['destroyed', 'remaining']],
    [F('knockdown', '--hits', '3', '--odds'), ['actionLost', 'actionsLost']],
    [F('jam', '--attempts', '3', '--countered', '--odds'), ['countersPlaced', 'counters']],
    [F('jam', '--vs-missiles', '--smart', '--attempts', '2', '--odds'), ['salvosRemoved']],
    [F('destroy-check', '--stars', '3', '--odds'), ['destroyed', 'dice']],
    [F('initiative', '--a-mod', '1', '--odds'), ['winner', 'round']],
  ])('--odds %j sums to 1', (args, keys) => {
    const j = mechaJson(args)
    for (const k of keys) sumsToOne(j.odds[k])
    expect(j.odds.expected).toBeDefined()
  })

  it('exact values: AMS 4 at 3 missiles, destruction over 3 boxes, initiative A +1', () => {
    expect(mechaJson(F('ams', '--ams', '4', '--missiles', '3', '--odds')).odds.destroyed).toEqual({
      '0': 0.5,
      '1': 1 / 6,
      '2': 1 / 6,
      '3': 1 / 6,
    })
    expect(mechaJson(F('destroy-check', '--stars', '3', '--odds')).odds.destroyed.true).toBeCloseTo(
      91 / 216,
      12,
    )
    expect(mechaJson(F('initiative', '--a-mod', '1', '--odds')).odds.winner.a).toBeCloseTo(21 / 31, 12)
  })

  it.each([
    [
      F('ams', '--ams', '4', '--missiles', '3', '--rolls', '5', '--explain'),
      'each point over destroys one more',
    ],
    [F('knockdown', '--rolls', '3', '--explain'), 'keeps the action (50%)'],
    [F('jam', '--rolls', '3', '--explain'), 'a d6 of 3+ places a counter (66.67%)'],
    [F('destroy-check', '--rolls', '3', '--explain'), 'a natural 6+ (16.67%)'],
    [
      F('initiative', '--a-formations', '12', '--b-formations', '7', '--rolls', '5,2', '--explain'),
      'spreads them over 7 movements',
    ],
  ])('--explain %j', (args, text) => {
    const r = mecha(args)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('How it was worked out')
    expect(r.stdout).toContain(text)
  })
})

describe('bad input: one line on stderr, exit 2, no stack trace', () => {
  it.each([
    [F('strike', '--str', 'x', '--dmg', '4'), /--str: "x" is not a whole number/],
    [F('strike', '--str', '11', '--dmg', '4'), /--str: 11 is out of range; give -10 to 10/],
    [F('strike', '--dmg', '4'), /--str is required/],
    [F('strike', '--str', '1'), /--dmg is required/],
    [F('strike', '--str', '1', '--dmg', '4', '--rolls', '7'), /--rolls: 7 is not a d6 face \(1-6\)/],
    [F('strike', '--str', '1', '--dmg', '4', '--rolls', '0'), /--rolls: 0 is not a d6 face/],
    [
      F('strike', '--str', '1', '--dmg', '4', '--dodge', '1', '--rolls', '4'),
      /ran out after 1 dice: 1 more d6 needed for dodge/,
    ],
    [F('strike', '--str', '1', '--dmg', '4', '--rolls', '4,4'), /1 dice left over/],
    [F('strike', '--str', '1', '--dmg', '4', '--rolls', '4,x'), /"x" is not a die face/],
    [
      F('strike', '--str', '1', '--dmg', '4', '--dodge', '1', '--parry', '1'),
      /--dodge and --parry: each of these both sets the bonus and picks the answer/,
    ],
    [
      F('strike', '--str', '1', '--dmg', '4', '--targets', '2'),
      /--targets: 2 targets need a Burst or Split fire weapon/,
    ],
    [
      F('strike', '--str', '1', '--dmg', '4', '--burst', '2', '--targets', '3'),
      /--targets: Burst 2 attacks at most 2 targets/,
    ],
    [
      F('strike', '--str', '1', '--dmg', '4', '--burst', '2', '--split', '2'),
      /--burst: a weapon fires one way, Burst or Split fire; drop --burst or --split/,
    ],
    [F('strike', '--str', '1', '--dmg', '4', '--zentraedi'), /--zentraedi: give the target's boxes left/],
    [
      F('strike', '--str', '1', '--dmg', '4', '--harm', '--harm-stray'),
      /--harm-stray: HARM at a target that is not a radar, --harm at a radar; drop --harm-stray or --harm/,
    ],
    [
      F('strike', '--str', '1', '--dmg', '4', '--burst', '2', '--targets', '2', '--harm-stray'),
      /--harm-stray: a HARM missile flies at one target/,
    ],
    [
      F('strike', '--str', '1', '--dmg', '4', '--harm-stray', '--rolls', '2'),
      /ran out after 1 dice: 1 more d6 needed for attack/,
    ],
    [F('strike', '--str', '1', '--dmg', '4', '--star-boxes', '2,x'), /--star-boxes: "x" is not a box number/],
    [
      F('strike', '--str', '1', '--dmg', '4', '--boxes', '3', '--star-boxes', '5'),
      /--star-boxes: box 5 is past the 3 boxes left/,
    ],
    [
      F('strike', '--str', '1', '--dmg', '4', '--quality', 'rookie'),
      /--quality: "rookie" is not one of green, regular/,
    ],
    [
      F('strike', '--str', '1', '--dmg', '4', '--dodge', '1', '--def-actions', '0'),
      /--dodge: dodging spends an action/,
    ],
    [
      F('strike', '--str', '1', '--dmg', '4', '--missile', '--jammed', '2'),
      /--jammed: a unit with 2 or more jam counters cannot fire missiles/,
    ],
    [
      F('strike', '--str', '1', '--dmg', '4', '--odds', '--rolls', '3'),
      /--odds and --rolls do not go together/,
    ],
    [
      F('strike', '--str', '1', '--dmg', '4', '--melee', '--missile'),
      /--melee and --missile do not go together/,
    ],
    [F('ams', '--ams', '7', '--missiles', '3'), /--ams: 7 is out of range; give 1 to 6/],
    [F('ams', '--missiles', '3'), /--ams is required/],
    [F('ams', '--ams', '4'), /--missiles is required/],
    [F('ams', '--ams', '4', '--missiles', 'many'), /--missiles: "many" is not a whole number/],
    [F('knockdown', '--hits', '0'), /--hits: 0 is out of range/],
    [F('knockdown', '--rolls', '3,4'), /1 dice left over/],
    [F('jam', '--smart'), /--smart: only for attempts against missile salvos/],
    [F('jam', '--attempts', '2', '--rolls', '3'), /1 more d6 needed for jam/],
    [F('destroy-check', '--mod', '9'), /--mod: 9 is out of range/],
    [
      F('initiative', '--a-formations', '5'),
      /--a-formations: the movement split needs both sides' formations; add --b-formations/,
    ],
    [
      F('initiative', '--rolls', '3,3'),
      /ran out after 2 dice: 2 more dice needed: 1 d6 for initiative, side A, then 1 d6 for initiative, side B/,
    ],
    [F('initiative', '--winner-moves', 'middle'), /--winner-moves: "middle" is not one of first, last, auto/],
  ])('%j', (args, message) => {
    const r = mecha(args)
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(message)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).not.toMatch(/at .*\.js|Error:/)
  })
})

describe("the defender's prompt", () => {
  it('lists each answer with its exact odds against the roll, best first', async () => {
    const values = parseValues(strikeSpec, { str: 1, dmg: 4, missile: true, defDod: 1, defRol: 2 }, 'json')
    const s = strikeSpec.build(values)
    let seen: Array<ChoiceOption<unknown>> = []
    let message = ''
    const ctx: ChoiceContext = {
      interactive: true,
      async select<T>(m: string, options: Array<ChoiceOption<T>>, def: T): Promise<T> {
        message = m
        seen = options as Array<ChoiceOption<unknown>>
        return def
      },
    }
    const chosen = await strikeSpec.model.choose!(s, ctx)
    expect(chosen.askDecisions).toBe(true)
    const answer = await strikeSpec.model.decide!(
      'defense-1',
      { target: 1, attack: attackFromFace(s, 4) },
      chosen,
      ctx,
    )
    // total 5: dodge +1 avoids on 4+ (50%, expected 2); roll with +2 halves on 3+ (66.67%, expected 2.667)
    expect(message).toBe("the strike rolled 4 + 1 = 5 and hits. Defender's answer?")
    expect(seen.map((o) => o.value)).toEqual(['dodge', 'roll-with', 'none'])
    expect(seen[0]).toMatchObject({
      label: 'Dodge +1 (spends an action)',
      hint: 'avoids on 4+ (50.00%), expected damage 2',
    })
    expect(seen[1]).toMatchObject({
      label: 'Roll with damage +2 (halves it)',
      hint: 'halves on 3+ (66.67%), expected damage 2.667',
    })
    expect(seen[2]).toMatchObject({ label: 'No answer', hint: 'expected damage 4' })
    expect(answer).toBe('dodge')
  })

  it('in a real terminal: asked after the attack die, answered with the keyboard', () => {
    const r = mechaTty(F('strike', '--str', '1', '--dmg', '4', '--def-quality', 'green', '--rolls', '3'), [
      ["Defender's answer?", '\x1b[B\r'],
    ])
    expect(r.missing).toBeUndefined()
    expect(r.output).toMatch(/Dodge \+1 \(spends an action\)\s+avoids on 3\+ \(66\.67%\)/)
    expect(r.output).toMatch(/No answer\s+expected damage 4/)
    expect(r.output).toMatch(/Defender makes no answer \(prompt\)/)
    expect(r.code).toBe(0)
  })
})
