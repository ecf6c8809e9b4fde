import { describe, expect, it } from 'vitest'
import { mecha, mechaJson, refused } from './in-process.js'
import { mechaSh } from './run-cli.js'

const SHOT = ['shoot', '--acc', '9', '--evade', '4', '--bonus', 'none', '--defense', 'none']

const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0)

describe('weapon traits and upgrades, rolled', () => {
  it('Mechanics Expert DMG, Power pen,pen and Havoc Impact: each term, the cost and the damage', () => {
    // Target 5+: 1 is a critical (2 hits), 3 a hit: 3 hits of 200 + 100 + 100 DMG; PEN 3 + 2 vs
    // ARM Sv 2: saves on 3+, the 2 fails.
    const j = mechaJson([
      ...SHOT,
      '--shots',
      '4',
      '--dmg',
      '200',
      '--pen',
      '3',
      '--arm-sv',
      '2',
      '--trait',
      'mechanics-expert=dmg',
      '--power',
      'pen,pen',
      '--havoc',
      'impact',
      '--rolls',
      '1,3,7,9,2,5,6',
    ])
    expect(j).toMatchObject({
      hits: 3,
      hitDamage: 1200,
      saveTargetNumber: 3,
      failedSaves: 1,
      damage: 2200,
      dmgPerHit: 400,
      pen: '5',
      spend: { power: { upgrades: ['pen', 'pen'], cost: 3 }, havoc: { upgrades: ['impact'], cost: 1 } },
      traits: { attacker: ['mechanics-expert=dmg'], defender: [] },
    })
    expect(j.dmgTerms.map((t: { amount: number }) => t.amount)).toEqual([200, 100, 100])
    expect(j.penTerms).toEqual([
      { source: 'weapon', amount: 3 },
      { source: 'Power PEN+1 x2', amount: 2 },
    ])
  })

  it('Vigilant Leader: the target number rises, and its term is in the JSON and --explain', () => {
    const args = [...SHOT, '--shots', '1', '--dmg', '100', '--trait', 'vigilant-leader', '--rolls', '5']
    const j = mechaJson(args)
    expect(j).toMatchObject({
      targetNumber: 6,
      hits: 1,
      accTerms: [
        { source: 'Acc', amount: 9 },
        { source: 'Vigilant Leader', amount: 1 },
      ],
    })
    expect(mecha([...args, '--explain', '--no-color']).stdout).toMatch(
      /Target number = Acc 9 \+ Vigilant Leader 1 - Evade 4 = 6/,
    )
  })

  it('Take the Shot ignores the shield; Anti-Beam Coating needs --energy', () => {
    const tts = mechaJson([
      ...SHOT,
      '--shots',
      '2',
      '--dmg',
      '300',
      '--pen',
      '3',
      '--shield',
      '2',
      '--trait',
      'take-the-shot',
      '--rolls',
      '3,3,9,9',
    ])
    expect(tts).toMatchObject({ blocks: 0, unblockedHits: 2 })
    const beam = (energy: string[]) =>
      mechaJson([
        ...SHOT,
        '--shots',
        '1',
        '--dmg',
        '300',
        '--pen',
        '6',
        '--arm-sv',
        '1',
        '--def-trait',
        'anti-beam-coating',
        ...energy,
        '--rolls',
        '3,4',
      ])
    expect(beam(['--energy'])).toMatchObject({ saveTargetNumber: 3, failedSaves: 0, armSvBonus: 2 })
    expect(beam([])).toMatchObject({ saveTargetNumber: 5, failedSaves: 1, armSvBonus: 0 })
  })

  it('Barriers: the defender spends Power and Havoc on its [Barrier]', () => {
    const j = mechaJson([
      ...SHOT,
      '--shots',
      '5',
      '--dmg',
      '100',
      '--barrier',
      '1',
      '--shield',
      '2',
      '--def-power',
      'barriers,barriers',
      '--def-havoc',
      'barriers',
      '--rolls',
      '3,3,3,3,3',
    ])
    expect(j).toMatchObject({ blocks: 5, blockSource: 'barrier', unblockedHits: 0 })
    expect(j.spend).toEqual({
      defPower: { upgrades: ['barriers', 'barriers'], cost: 3 },
      defHavoc: { upgrades: ['barriers'], cost: 1 },
    })
  })
})

describe("Take the Shot helps only where it may (a unit's trait list names it for every weapon)", () => {
  const TTS = [...SHOT, '--shots', '2', '--dmg', '300', '--shield', '2', '--trait', 'take-the-shot']
  it.each([[['--pen', '2', '--rolls', '3,3'], /PEN 2 is under 3, so shields and cover count/]])(
    '%j: the shield still blocks',
    (extra, note) => {
      const args = [...TTS, ...extra]
      const r = mecha([...args, '--explain', '--no-color'])
      expect(r.code, r.stderr).toBe(0)
      expect(r.stdout).toMatch(note)
      expect(mechaJson(args).blocks).toBeGreaterThan(0)
    },
  )

  it.each([
    [['--pen', '4', '--indirect'], '--indirect is Indirect Fire'],
    [['--pen', '4', '--remote'], 'a remote weapon fired with Momentum is Indirect Fire'],
  ])('%j: refused, as every Skill under Indirect Fire', (extra, why) => {
    expect(refused([...TTS, ...extra, '--rolls', '3,3'])).toBe(
      `mecha: --trait take-the-shot: ${why}, which cannot benefit from Skills; drop --trait take-the-shot`,
    )
  })

  it('no-penalty: Rapid Fire -2 fires every printed shot, not under Indirect Fire', () => {
    const nop = [
      ...SHOT,
      '--shots',
      '4',
      '--rapid-fire',
      '-2',
      '--dmg',
      '100',
      '--trait',
      'take-the-shot=no-penalty',
    ]
    expect(mecha([...nop, '--rolls', '9,9,9,9', '--explain', '--no-color']).stdout).toMatch(
      /Shots = 4 \(Rapid Fire -2 ignored: Take the Shot\) = 4/,
    )
    expect(refused([...nop, '--indirect', '--rolls', '9,9'])).toMatch(/cannot benefit from Skills/)
  })
})

describe('remote weapons', () => {
  const REMOTE = [...SHOT, '--shots', '5', '--dmg', '200', '--shield', '2']

  it('fired with Momentum at an Ace: Blindside then Indirect Fire, one weapon downed per natural 10', () => {
    const j = mechaJson([...REMOTE, '--remote', '--def-pilot', '2', '--rolls', '1,3,10,10,7'])
    // The 1 counts as 1 hit (Indirect Fire), the 3 a hit, Blindside's critical a plain hit;
    // the shield is ignored.
    expect(j).toMatchObject({ crits: 0, hits: 3, blocks: 0, damage: 600, remoteDowned: 2 })
    expect(j.spend).toEqual({ remote: { firing: 'momentum', momentum: 1 } })
    expect(j.dice.filter((d: { downed?: boolean }) => d.downed)).toHaveLength(2)
    const text = mecha([...REMOTE, '--remote', '--def-pilot', '2', '--rolls', '1,3,10,10,7', '--no-color'])
    expect(text.stdout).toMatch(/^Remote weapons shot down: 2 /m)
    expect(text.stdout).toMatch(
      /^Attacker spent: Momentum 1 \(a remote weapon fired instead of an action\)\.$/m,
    )
  })

  it('fired with an action: an ordinary shot, still downed by an Ace; a level 1 pilot or a warship downs none', () => {
    const j = mechaJson([...REMOTE, '--remote', 'action', '--def-pilot', '2', '--rolls', '1,3,10,10,7'])
    expect(j).toMatchObject({
      crits: 1,
      hits: 3,
      blocks: 2,
      remoteDowned: 2,
      spend: { remote: { firing: 'action', momentum: 0 } },
    })
    expect(
      mechaJson([...REMOTE, '--remote', '--def-pilot', '1', '--rolls', '1,3,10,10,7']),
    ).not.toHaveProperty('remoteDowned')
    expect(
      mechaJson([...REMOTE, '--remote', '--def-pilot', '2', '--warship', '--rolls', '1,3,10,10,7']),
    ).not.toHaveProperty('remoteDowned')
  })

  it('--odds: the weapons downed as their own map (binomial without rerolls), summing to 1', () => {
    const j = mechaJson([...REMOTE, '--remote', '--def-pilot', '2', '--odds'])
    const m = j.odds.remoteDowned
    expect(sum(m)).toBeCloseTo(1, 12)
    expect(m['0']).toBeCloseTo(0.9 ** 5, 12)
    expect(m['1']).toBeCloseTo(5 * 0.1 * 0.9 ** 4, 12)
    expect(j.odds.expected.remoteDowned).toBeCloseTo(0.5, 12)
    for (const v of Object.values(m)) expect(Number.isFinite(v)).toBe(true)
    const text = mecha([
      ...REMOTE,
      '--remote',
      '--def-pilot',
      '2',
      '--odds',
      '--explain',
      '--no-color',
    ]).stdout
    expect(text).toMatch(/Remote weapons shot down \(natural 10s\)/)
    expect(text).toMatch(/^ +10 +10\.00% +\(0\.1\) +always a miss, and shoots a remote weapon down$/m)
    expect(text).toMatch(/Tactical Advantage \(Blindside\) \+1 critical, counted as a hit/)
  })

  it('a batch line says "remote": true for Momentum', () => {
    const line = JSON.stringify({
      command: 'shoot',
      acc: 9,
      evade: 4,
      shots: 2,
      dmg: 100,
      bonus: 'none',
      defense: 'none',
      remote: true,
      defPilot: 2,
      rolls: [10, 3],
    })
    const r = mecha(['batch', '--no-progress'], { input: line + '\n' })
    expect(r.code, r.stderr).toBe(0)
    expect(JSON.parse(r.stdout.trim().split('\n')[0])).toMatchObject({
      hits: 2,
      remoteDowned: 1,
      spend: { remote: { firing: 'momentum' } },
    })
  })
})

describe('without the new flags the answer is as before', () => {
  it('no new keys', () => {
    const j = mechaJson([...SHOT, '--shots', '3', '--dmg', '200', '--rolls', '1,3,10'])
    for (const k of ['spend', 'remoteDowned', 'dmgTerms', 'penTerms', 'accTerms', 'armSvBonus', 'dmgPerHit'])
      expect(j).not.toHaveProperty(k)
    expect(j.dice[2]).toEqual({ roll: 10, outcome: 'auto-miss' })
  })
})

describe('refused with one line naming the fix', () => {
  it.each([
    [
      ['--def-power', 'barriers'],
      /^mecha: --def-power barriers: the defender has no \[Barrier\]; add --barrier N$/,
    ],
    [['--havoc', 'push'], /^mecha: --havoc push: PEN\+1P is for a push\/pull weapon \(--pen NP\)$/],
    [
      ['--power', 'dmg,laser'],
      /^mecha: --power: no power upgrade "laser"; give dmg \(DMG\+100\), pen .*range/,
    ],
    [['--power', ' , '], /^mecha: --power: no upgrade given; give dmg, pen, range$/],
    [
      ['--def-havoc', 'impact', '--barrier', '1'],
      /^mecha: --def-havoc: no havoc upgrade "impact"; give barriers/,
    ],
    [
      ['--remote', '--bullseye'],
      /--bullseye: a remote weapon fired with Momentum is Indirect Fire, which cannot benefit from Skills/,
    ],
    [['--remote', 'missile'], /--remote/],
    [
      ['--def-trait', 'mastermind'],
      /mastermind is the attacker's trait in shoot, not the defender's; give it with --trait/,
    ],
    [['--trait', 'mechanics-expert=both'], /give mechanics-expert=pen or mechanics-expert=dmg/],
  ])('%j', (extra, message) => {
    expect(refused([...SHOT, '--shots', '3', '--dmg', '200', ...extra])).toMatch(message)
  })
})

describe('through a shell', () => {
  it('--help lists the new flags within 80 columns', () => {
    const r = mechaSh('mecha shoot --help')
    expect(r.code).toBe(0)
    for (const f of [
      '--energy',
      '--power <list>',
      '--havoc <list>',
      '--def-power <list>',
      '--def-havoc <list>',
      '--remote [choice]',
    ])
      expect(r.stdout).toContain(f)
    expect(r.stdout.split('\n').filter((l) => l.length > 80)).toEqual([])
  })

  it('mecha traits lists the new entries', () => {
    const r = mechaSh('mecha traits --no-color')
    for (const n of [
      'mechanics-expert',
      'mastermind',
      'vigilant-leader',
      'take-the-shot',
      'anti-beam-coating',
    ])
      expect(r.stdout).toMatch(new RegExp(`^${n} `, 'm'))
  })
})
