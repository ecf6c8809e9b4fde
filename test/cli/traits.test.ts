import { describe, expect, it } from 'vitest'
import { TRAITS, traitSides } from '../../src/rules/stellar/traits.js'
import { mecha, mechaJson, refused } from './in-process.js'

const SHOT = [
  'shoot',
  '--acc',
  '9',
  '--evade',
  '4',
  '--shots',
  '5',
  '--dmg',
  '300',
  '--pen',
  '6',
  '--arm-sv',
  '1',
]
const CLASH = ['melee', '--atk-split', '3/2', '--def-split', '2/3', '--atk-dmg', '300', '--def-dmg', '300']

describe('Skills that stay allowed (issue 26)', () => {
  it.each([
    [...SHOT, '--def-trait', 'improvise', '--momentum', '2'],
    [...CLASH, '--def-trait', 'unbeaten', '--def-momentum', '2'],
    [...SHOT, '--trait', 'army-of-one', '--trait', 'giant-slayer', '--bullseye'],
    [...SHOT, '--remote', 'action', '--bullseye'],
    [...SHOT, '--indirect', '--def-trait', 'persevere'],
  ])('%j', (...args) => {
    expect(mecha([...args, '--seed', 'a']).code).toBe(0)
  })
})

describe('Furious Fusillade (issue 26, item 5)', () => {
  it('Barrage fires the weapon at RF+1: 4 shots, RF -1 made +1, Barrage +2 = 7 shots', () => {
    const args = ['shoot', '--acc', '8', '--evade', '2', '--shots', '4', '--rapid-fire', '-1', '--dmg', '300']
    const more = ['--bonus', 'barrage', '--defense', 'none', '--seed', 'a']
    expect(mechaJson([...args, ...more, '--trait', 'furious-fusillade']).shotsFired).toBe(7)
    expect(mechaJson([...args, ...more, '--trait', 'gunnery-expert']).shotsFired).toBe(6)
  })
})

describe('mecha traits', () => {
  it('lists every trait in a table within 80 columns', () => {
    const r = mecha(['traits', '--no-color'])
    expect(r.code).toBe(0)
    expect(r.stdout.split('\n').filter((l) => l.length > 80)).toEqual([])
    for (const t of TRAITS) expect(r.stdout).toMatch(new RegExp(`^${t.name} `, 'm'))
    expect(r.stdout).toMatch(/^unyielding +def +both +rerolls failed armor saves/m)
  })

  it('--json: each trait with its names, choices and sides per command; --in filters', () => {
    const j = mechaJson(['traits'])
    expect(j.command).toBe('traits')
    expect(j.traits).toHaveLength(TRAITS.length)
    expect(j.traits.find((t: { name: string }) => t.name === 'gunnery-expert')).toMatchObject({
      aliases: expect.arrayContaining(['marksman']),
      shoot: ['attacker'],
      melee: [],
    })
    const melee = mechaJson(['traits', '--in', 'melee']).traits.map((t: { name: string }) => t.name)
    expect(melee).toEqual(TRAITS.filter((t) => traitSides(t, 'melee').length).map((t) => t.name))
    expect(melee).not.toContain('elusive')
  })

  it('takes no dice', () => {
    expect(refused(['traits', '--seed', 'x'])).toMatch(/--seed/)
  })
})

describe('trait flags: refused with one line naming the fix', () => {
  it.each([
    [
      [...SHOT, '--trait', 'gunery-expert'],
      /^mecha: --trait: no trait "gunery-expert"; did you mean gunnery-expert\? the attacker's traits in shoot are gunnery-expert, furious-fusillade, main-battery, killer-instinct, mechanics-expert, mastermind, vigilant-leader, take-the-shot, main-battery-hardened, pinpoint-air-defenses, missile-saturation, fleet-ship-hunter, seeking-shot, headhunter, warmonger, hot-blooded, giant-slayer, army-of-one \(see mecha traits\)$/,
    ],
    [
      [...SHOT, '--def-trait', 'unyeilding'],
      /did you mean unyielding\? the defender's traits in shoot are elusive,/,
    ],
    [
      [...SHOT, '--trait', 'elusive'],
      /--trait: elusive is the defender's trait in shoot, not the attacker's; give it with --def-trait/,
    ],
    [
      [...SHOT, '--def-trait', 'merciless-melee'],
      /--def-trait: merciless-melee works in melee, not in shoot/,
    ],
    [[...CLASH, '--atk-trait', 'elusive'], /--atk-trait: elusive works in shoot, not in melee/],
    [
      [...CLASH, '--atk-trait', 'solo-operative'],
      /solo-operative is the defender's trait in melee.*--def-trait/,
    ],
    [
      [...CLASH, '--atk-close-combat-expert', '--atk-trait', 'merciful'],
      /close-combat-expert is given twice/,
    ],
    [[...SHOT, '--def-trait', 'unyielding=maybe'], /give unyielding=blocks or unyielding=rerolls/],
    [
      [...SHOT, '--not-over-yet', '1'],
      /needs a level 1\+ pilot or kaiju; add --def-pilot 1 or drop --not-over-yet/,
    ],
    [[...SHOT, '--not-over-yet', '1', '--def-pilot', '1', '--warship'], /not warships; drop --not-over-yet/],
    [[...CLASH, '--def-not-over-yet', '1', '--atk-pen', '5P', '--def-pilot', '1'], /push\/pull/],
    [[...SHOT, '--focus', '4'], /--focus: 4 is out of range; give 0 to 3/],
    [[...SHOT, '--focus', '2', '--atk-warship'], /a warship uses Focus once per weapon/],
    // Skills (issue 26, items 1 and 2): none on Indirect Fire, one a unit turn.
    [
      [...SHOT, '--remote', 'momentum', '--trait', 'giant-slayer'],
      /^mecha: --trait giant-slayer: a remote weapon fired with Momentum is Indirect Fire, which cannot benefit from Skills; drop --trait giant-slayer$/,
    ],
    [
      [...SHOT, '--indirect', '--make-it-count', '--round', '3'],
      /^mecha: --make-it-count: --indirect is Indirect Fire, which cannot benefit from Skills; drop --make-it-count$/,
    ],
    [
      [...SHOT, '--remote', 'momentum', '--bullseye'],
      /^mecha: --bullseye: a remote weapon fired with Momentum is Indirect Fire, which cannot benefit from Skills; drop --bullseye$/,
    ],
    [
      [...SHOT, '--trait', 'giant-slayer', '--trait', 'take-the-shot', '--bullseye', '--make-it-count'],
      /^mecha: --bullseye, --make-it-count, --trait giant-slayer and --trait take-the-shot are 4 Skills, and a unit uses one Skill a turn/,
    ],
    [
      [...SHOT, '--def-trait', 'persevere', '--momentum', '1'],
      /--momentum 1 and --def-trait persevere are 2 Skills/,
    ],
    [[...CLASH, '--atk-trait', 'giant-slayer', '--atk-trait', 'improvise'], /are 2 Skills/],
    [
      [...CLASH, '--def-trait', 'persevere', '--def-momentum', '2'],
      /--def-momentum 2 and --def-trait persevere/,
    ],
  ])('%j', (args, message) => {
    expect(refused(args)).toMatch(message)
  })
})

describe('the flags resolve through the same rule functions: rolls, odds, batch agree', () => {
  it('--focus alone is --focus 1; --focus 3 adds three Focus hits', () => {
    const rolls = ['--bonus', 'none', '--defense', 'none', '--rolls', '9,9,9,9,9']
    const plain = SHOT.slice(0, SHOT.indexOf('--pen'))
    const bare = mechaJson([...plain, '--focus', ...rolls])
    expect(bare).toEqual(mechaJson([...plain, '--focus', '1', ...rolls]))
    expect(bare.hits).toBe(1)
    expect(mechaJson([...plain, '--focus', '3', ...rolls]).hits).toBe(3)
  })

  it('a shot with traits: blocks listed by source, rerolls and negated saves in the JSON', () => {
    // 5 hits at 5+: 1, 3, 4, 2, 4 (two criticals: 7 hits); Guard 1 + shield 1 + Unyielding 2.
    const j = mechaJson([
      ...SHOT,
      '--bonus',
      'none',
      '--defense',
      'guard',
      '--shield',
      '1',
      '--def-pilot',
      '1',
      '--def-trait',
      'unyielding',
      '--not-over-yet',
      '1',
      '--rolls',
      '1,3,4,2,4,1,2,7,3,8',
    ])
    expect(j.blockTerms).toEqual([
      { source: 'Guard', amount: 1 },
      { source: 'shield', amount: 1 },
      { source: 'Unyielding', amount: 2 },
    ])
    expect([j.hits, j.blocks, j.unblockedHits]).toEqual([7, 4, 3])
    // saves on 5+: 1, 2, 7 -> two failed, rerolled 3, 8 -> one, negated by 1 Momentum.
    expect(j.rerolls).toEqual([
      { roll: 3, passed: false },
      { roll: 8, passed: true },
    ])
    expect([j.negated, j.failedSaves, j.damage]).toEqual([1, 0, 900])
    expect(j.traits).toEqual({ attacker: [], defender: ['unyielding=blocks'] })
  })

  it("shoot: Pinpoint Air Defenses is the firing warship's +1 hit, refused without --atk-warship", () => {
    // 5 shots at 5+: 9, 9, 1, 1, 1 are two hits; the trait adds one.
    const rolls = ['--bonus', 'none', '--defense', 'none', '--rolls', '9,9,1,1,1']
    const plain = SHOT.slice(0, SHOT.indexOf('--pen'))
    const ship = mechaJson([...plain, '--atk-warship', '--trait', 'pinpoint-air-defenses', ...rolls])
    expect(ship.hits).toBe(mechaJson([...plain, '--atk-warship', ...rolls]).hits + 1)
    expect(refused([...plain, '--trait', 'pinpoint-air-defenses', ...rolls])).toBe(
      'mecha: --trait pinpoint-air-defenses: only a warship gains pinpoint-air-defenses; add --atk-warship or drop it',
    )
  })

  it('the same shot by flags and by batch keys', () => {
    const args = [
      ...SHOT,
      '--trait',
      'marksman',
      '--def-trait',
      'elusive',
      '--extra-blocks',
      '1',
      '--focus',
      '--seed',
      's1',
    ]
    const line = JSON.stringify({
      command: 'shoot',
      acc: 9,
      evade: 4,
      shots: 5,
      dmg: 300,
      pen: '6',
      armSv: 1,
      trait: ['marksman'],
      defTrait: ['elusive'],
      extraBlocks: 1,
      focus: true,
      seed: 's1',
    })
    const r = mecha(['batch'], { input: line + '\n' })
    expect(r.code, r.stderr).toBe(0)
    const fromBatch = JSON.parse(r.stdout)
    delete fromBatch.line
    expect(fromBatch).toEqual(mechaJson(args))
  })

  it("--odds take the traits: Unyielding's blocks and rerolls lower the expected damage", () => {
    const odds = (extra: string[]) =>
      mechaJson([...SHOT, '--bonus', 'barrage', '--defense', 'guard', '--odds', ...extra]).odds.expected
        .damage
    expect(odds(['--def-trait', 'unyielding'])).toBeLessThan(odds(['--def-trait', 'unyielding=rerolls']))
    expect(odds(['--def-trait', 'unyielding=rerolls'])).toBeLessThan(odds([]))
  })

  it('the automatic choice and its labels use the raised bonuses', () => {
    const j = mechaJson([
      ...SHOT,
      '--trait',
      'gunnery-expert',
      '--pilot',
      '1',
      '--def-trait',
      'elusive',
      '--def-pilot',
      '2',
      '--odds',
    ])
    const want = { precision: 9 + 3 - 4, barrage: 9 - 4 }
    const tn = want[j.bonus as 'precision' | 'barrage'] - (j.defense === 'dodge' ? 3 : 0)
    expect(j.targetNumber).toBe(tn)
    const text = mecha([
      ...SHOT,
      '--trait',
      'gunnery-expert',
      '--pilot',
      '1',
      '--def-trait',
      'elusive',
      '--def-pilot',
      '2',
      '--odds',
      '--no-color',
    ]).stdout
    expect(text).toMatch(
      /Attacker: (precision|barrage) \+3 \(auto\)\. Defender: (dodge|guard) \+3 \(auto\)\./,
    )
  })

  it('melee: a trait switch is its registry entry (same rolls), --atk-trait adds the traits to the JSON', () => {
    const rolls = ['--def-choice', 'counter', '--rolls', '5,6,9,1,2,8,5,9,3,4']
    const bySwitch = mechaJson([...CLASH, '--atk-close-combat-expert', ...rolls])
    const byTrait = mechaJson([...CLASH, '--atk-trait', 'merciful', ...rolls])
    expect(byTrait.traits).toEqual({ attacker: ['close-combat-expert'], defender: [] })
    expect(byTrait.attack.bonusHits).toEqual(bySwitch.attack.bonusHits)
    expect(byTrait.attack.damage).toBe(bySwitch.attack.damage)
    expect(byTrait.counter.blocks).toBe(bySwitch.counter.blocks)
    expect(bySwitch.traits).toBeUndefined()
  })

  it('melee: Unyielding blocks the attack with +2; --explain and the text name it', () => {
    const args = [
      ...CLASH,
      '--def-trait',
      'unyielding',
      '--def-choice',
      'counter',
      '--rolls',
      '5,6,9,1,2,8,5,9,3,4',
    ]
    const j = mechaJson(args)
    expect(j.attack.bonusBlocks).toContainEqual({ source: 'Unyielding', amount: 2 })
    const text = mecha([...args, '--explain', '--no-color']).stdout
    expect(text).toContain('2 Unyielding')
  })
})

describe('what each trait did (JSON traitEffects, --explain)', () => {
  it('shoot: each trait with its side, its registry line and the fields it changed', () => {
    const j = mechaJson([
      ...SHOT,
      '--bonus',
      'barrage',
      '--defense',
      'guard',
      '--seed',
      'fx',
      '--trait',
      'gunnery-expert',
      '--def-trait',
      'elusive',
      '--def-trait',
      'killer-instinct',
      '--def-trait',
      'unyielding=rerolls',
    ]) as {
      traitEffects: Array<{ trait: string; side: string; effect: string; changes: object }>
      blocks: number
    }
    expect(j.traitEffects.map((e) => [e.trait, e.side])).toEqual([
      ['gunnery-expert', 'attacker'],
      ['elusive', 'defender'],
      ['killer-instinct', 'defender'],
      ['unyielding=rerolls', 'defender'],
    ])
    expect(j.traitEffects[0].changes).toEqual({ bonusRaise: 1, rapidFireRelief: 1 })
    expect(j.traitEffects[1].changes).toEqual({ dodgeRaise: 1, guardRaise: 1 })
    expect(j.traitEffects[2].changes).toEqual({
      blockBonuses: [{ source: 'Killer Instinct', amount: 1, stack: 'each-attack-block' }],
    })
    expect(j.traitEffects[3].effect).toMatch(/\(rerolls: /)
    // Guard raised to 2 by Elusive, and Killer Instinct's block: 3 blocks.
    expect(j.blocks).toBe(3)
  })

  it('shoot: no traits, no traitEffects key (the JSON stays as it was)', () => {
    const j = mechaJson([...SHOT, '--seed', 'fx']) as Record<string, unknown>
    expect(j).not.toHaveProperty('traitEffects')
  })

  it('--explain and --odds --explain head the walk-through with the traits in effect', () => {
    for (const extra of [['--seed', 'fx'], ['--odds']]) {
      const r = mecha([...SHOT, ...extra, '--explain', '--no-color', '--def-trait', 'elusive'])
      expect(r.code, r.stderr).toBe(0)
      // (the odds' walk-through is wrapped at 80 columns)
      expect(r.stdout.replace(/\s+/g, ' ')).toMatch(
        /worked out Traits in effect: elusive \(defender\): when shot, Dodge and Guard \+1 \(at most 3\) \[dodgeRaise \+1, guardRaise \+1\] 1\. /,
      )
    }
  })

  it("melee: each side's traits, in JSON and in --explain", () => {
    const args = [
      ...CLASH,
      '--def-choice',
      'counter',
      '--atk-trait',
      'berserker',
      '--def-trait',
      'unbeaten',
      '--seed',
      'fx',
    ]
    const j = mechaJson(args) as { traitEffects: Array<{ trait: string; side: string; changes: object }> }
    expect(j.traitEffects).toEqual([
      expect.objectContaining({ trait: 'berserker', side: 'attacker', changes: { berserker: true } }),
      expect.objectContaining({ trait: 'unbeaten', side: 'defender', changes: { unbeaten: true } }),
    ])
    const r = mecha([...args, '--explain', '--no-color'])
    expect(r.stdout).toMatch(/Traits in effect:\n {3}berserker \(attacker\): .*\n {3}unbeaten \(defender\): /)
  })
})
