import { describe, expect, it } from 'vitest'
import { fraction } from '../../../src/core/distribution.js'
import { walk } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import {
  type Shot,
  type ShotParts,
  resolveShot,
  shotTargetNumber,
  shotsFired,
} from '../../../src/rules/stellar/shoot.js'
import { rankBonuses, rankDefenses, shotExpected, shotOdds } from '../../../src/rules/stellar/shoot-odds.js'
import {
  type Melee,
  type MeleeSide,
  attackStrike,
  counterStrike,
  overwatchAttacks,
} from '../../../src/rules/stellar/melee.js'
import { resolveMelee } from '../../../src/rules/stellar/melee-flow.js'
import { meleeOdds } from '../../../src/rules/stellar/melee-flow.js'
import {
  type TraitCommand,
  type TraitSide,
  TRAITS,
  applyMeleeTraits,
  applyShotTraits,
  chooseTraits,
  traitSides,
} from '../../../src/rules/stellar/traits.js'
import { attackerBonus, defenderBonus, parsePen } from '../../../src/rules/stellar/weapon.js'
import { melee, side } from './melee-fixture.js'
import { shot, walkShot, withParts } from './shot-fixture.js'

const SHOOT_FLAGS = { attacker: '--trait', defender: '--def-trait' }
const MELEE_FLAGS = { attacker: '--atk-trait', defender: '--def-trait' }

/** A shot with each side's traits applied through the registry, as the shoot command does. */
function traitShot(over: ShotParts, atk: string[] = [], def: string[] = []): Shot {
  const s = shot(over)
  applyShotTraits(s, chooseTraits(atk, 'shoot', 'attacker', SHOOT_FLAGS), 'attacker')
  applyShotTraits(s, chooseTraits(def, 'shoot', 'defender', SHOOT_FLAGS), 'defender')
  return s
}

/** A melee side with its traits applied through the registry. */
function traitSide(over: Parameters<typeof side>[0], traits: string[], who: TraitSide): MeleeSide {
  const m = side(over)
  applyMeleeTraits(m, chooseTraits(traits, 'melee', who, MELEE_FLAGS), who)
  return m
}

const roll = (s: Shot, faces: number[]) => {
  const dice = new PhysicalDice(faces)
  const r = resolveShot(dice, s)
  dice.assertAllUsed()
  return r
}

describe('the registry', () => {
  const names = TRAITS.flatMap((t) => [t.name, ...t.aliases])

  it('every name and alias is kebab-case and names one trait', () => {
    for (const n of names) expect(n).toMatch(/^[a-z]+(-[a-z0-9]+)*$/)
    expect(new Set(names).size).toBe(names.length)
  })

  it('every trait works in some command, for some side; a choice offers at least two options', () => {
    for (const t of TRAITS) {
      expect(
        (['shoot', 'melee'] as TraitCommand[]).flatMap((c) => traitSides(t, c)).length,
        t.name,
      ).toBeGreaterThan(0)
      if (t.choice) expect(Object.keys(t.choice).length, t.name).toBeGreaterThanOrEqual(2)
      expect(t.effect.length, t.name).toBeLessThanOrEqual(90)
    }
  })

  it.each([
    [['gunery-expert'], 'attacker', /no trait "gunery-expert"; did you mean gunnery-expert\?/],
    [
      ['xyzzy'],
      'defender',
      /no trait "xyzzy"; the defender's traits in shoot are elusive, .*fleet-missile-defense/,
    ],
    [
      ['elusive'],
      'attacker',
      /elusive is the defender's trait in shoot, not the attacker's; give it with --def-trait/,
    ],
    [['close-combat-expert'], 'defender', /close-combat-expert works in melee, not in shoot/],
    [
      ['unyielding=foo'],
      'defender',
      /"foo" is not a choice of unyielding; give unyielding=blocks or unyielding=rerolls/,
    ],
    [['elusive=x'], 'defender', /elusive takes no choice; give elusive/],
    [['elusive', 'cavalier'], 'defender', /elusive and cavalier have the same effect/],
    [['marksman', 'gunnery-expert'], 'attacker', /gunnery-expert is given twice/],
    [['unyielding', 'dont-give-up-the-ship'], 'defender', /same effect/],
  ] as const)('refuses %j for the %s: %s', (texts, who, message) => {
    expect(() => chooseTraits(texts, 'shoot', who, SHOOT_FLAGS)).toThrow(message)
  })

  it('any case, aliases and a choice: Marksman, UNYIELDING=rerolls', () => {
    const c = chooseTraits(['Marksman'], 'shoot', 'attacker', SHOOT_FLAGS).concat(
      chooseTraits(['UNYIELDING=rerolls'], 'melee', 'attacker', MELEE_FLAGS),
    )
    expect(c.map((x) => [x.trait.name, x.choice])).toEqual([
      ['gunnery-expert', ''],
      ['unyielding', 'rerolls'],
    ])
  })
})

describe('bonuses raised past the pilot bonus, at most 3 (Gunnery Expert, Elusive, the orders)', () => {
  it.each([
    // [pilot level, raise, attacker bonus, defender bonus]
    [0, 0, 1, 1],
    [0, 1, 2, 2],
    [1, 1, 3, 2],
    [2, 1, 3, 3],
    [1, 2, 3, 3],
    [2, 2, 3, 3],
  ] as const)('level %i raised by %i: Precision/Barrage +%i, Dodge/Guard +%i', (level, raise, atk, def) => {
    expect(attackerBonus(level, raise)).toBe(atk)
    expect(defenderBonus(level, raise)).toBe(def)
  })

  it.each([
    // [what, shot, attacker traits, defender traits, target number, shots fired]
    [
      'Gunnery Expert, level 0 Precision: Acc 9 + 2 - Evade 4',
      { bonus: 'precision' },
      ['gunnery-expert'],
      [],
      7,
      4,
    ],
    [
      'Gunnery Expert, level 1 Precision: +3',
      { attacker: { pilot: 1 }, bonus: 'precision' },
      ['marksman'],
      [],
      8,
      4,
    ],
    [
      'Gunnery Expert and the Main Battery order at level 1: still +3',
      { attacker: { pilot: 1 }, bonus: 'precision' },
      ['gunnery-expert', 'main-battery'],
      [],
      8,
      4,
    ],
    ['Gunnery Expert, level 0 Barrage: 4 + 2 shots', { bonus: 'barrage' }, ['gunnery-expert'], [], 5, 6],
    ['Rapid Fire -2 eased to -1', { weapon: { rapidFire: -2 } }, ['gunnery-expert'], [], 5, 3],
    ['Rapid Fire -1 eased to 0', { weapon: { rapidFire: -1 } }, ['gunnery-expert'], [], 5, 4],
    ['Rapid Fire +1 stays +1', { weapon: { rapidFire: 1 } }, ['gunnery-expert'], [], 5, 5],
    ['Elusive, level 0 Dodge: 9 - 4 - 2', { defense: 'dodge' }, [], ['elusive'], 3, 4],
    [
      'Elusive, level 2 Dodge: -3',
      { target: { defPilot: 2 }, defense: 'dodge' },
      [],
      ['cunning-pilot'],
      2,
      4,
    ],
    [
      'Elusive and Evasive Action, level 2: still -3',
      { target: { defPilot: 2 }, defense: 'dodge' },
      [],
      ['elusive', 'evasive-action'],
      2,
      4,
    ],
    ['Evasive Action raises Dodge alone', { defense: 'dodge' }, [], ['evasive-action'], 3, 4],
  ] as const)('%s', (_what, over, atk, def, tn, fired) => {
    const s = traitShot(over as ShotParts, [...atk], [...def])
    expect(shotTargetNumber(s)).toBe(tn)
    expect(shotsFired(s)).toBe(fired)
  })

  it('Guard raised: Elusive at level 0 blocks 2; Evasive Action leaves Guard alone', () => {
    expect(roll(traitShot({ weapon: { shots: 1 }, defense: 'guard' }, [], ['elusive']), [9]).blocks).toBe(2)
    expect(
      roll(traitShot({ weapon: { shots: 1 }, defense: 'guard' }, [], ['evasive-action']), [9]).blocks,
    ).toBe(1)
  })

  it('the automatic choices score the raised bonuses: each option equals its shot walked', () => {
    const s = traitShot(
      { weapon: { shots: 5, dmg: 300, pen: parsePen('5') }, target: { armSv: 1 } },
      ['gunnery-expert'],
      ['elusive', 'unyielding'],
    )
    const mean = (x: Shot) => walk((dice) => resolveShot(dice, x)).expected((r) => r.damage)
    for (const o of rankBonuses(s, false, ['precision', 'barrage', 'none'], ['dodge', 'guard', 'none']))
      expect(o.expected.damage).toBeCloseTo(
        mean(Object.assign({}, s, { bonus: o.value, defense: o.defense })),
        9,
      )
    for (const o of rankDefenses(s, ['dodge', 'guard', 'none']))
      expect(o.expected.damage).toBeCloseTo(mean(Object.assign({}, s, { defense: o.value })), 9)
  })
})

describe('blocks when shot: where each comes from, and what stacks', () => {
  it.each([
    // [what, shot, defender traits, blocks, terms]
    [
      'Unyielding: +2 with a shield and Guard',
      { target: { shield: 1 }, defense: 'guard' },
      ['unyielding'],
      4,
      ['Guard 1', 'shield 1', 'Unyielding 2'],
    ],
    ['Unyielding=rerolls: no blocks', { target: { shield: 1 } }, ['unyielding=rerolls'], 1, ['shield 1']],
    ['Superior Instincts: +3', {}, ['superior-instincts'], 3, ['Superior Instincts 3']],
    [
      'Killer Instinct: +1',
      { situation: { cover: true } },
      ['killer-instinct'],
      3,
      ['cover 2', 'Killer Instinct 1'],
    ],
    ['Berserker: +1 when shot too', {}, ['berserker'], 1, ['Berserker 1']],
    [
      'Awe Inspiring Arrival does not stack with Killer Instinct',
      {},
      ['killer-instinct', 'awe-inspiring-arrival'],
      1,
      ['Killer Instinct 1', 'Awe Inspiring Arrival (does not stack with Killer Instinct) 0'],
    ],
    [
      'Fleet Missile Defense: +2 beside a shield',
      { target: { shield: 2 } },
      ['fleet-missile-defense'],
      4,
      ['shield 2', 'Fleet Missile Defense 2'],
    ],
    ['Cavalier within 16": +1', {}, ['cavalier'], 1, ['Cavalier 1']],
    ['Cavalier beyond 16": none', {}, ['cavalier=beyond-16'], 0, []],
    [
      'a barrier over cover: the best counts',
      { target: { barrier: 3 }, situation: { cover: true } },
      [],
      3,
      ['barrier 3'],
    ],
    ['shield and barrier tie: the shield counts', { target: { shield: 1, barrier: 1 } }, [], 1, ['shield 1']],
    [
      'Blindside ignores the shield, not Unyielding',
      { target: { shield: 2 }, situation: { blindside: true } },
      ['unyielding'],
      2,
      ['Unyielding 2'],
    ],
    [
      'Blindside ignores cover, not a barrier (as written)',
      { target: { barrier: 1 }, situation: { cover: true, blindside: true } },
      [],
      1,
      ['barrier 1'],
    ],
    [
      'Superior Instincts: Blindside leaves the shield',
      { target: { shield: 2 }, situation: { blindside: true } },
      ['superior-instincts=immune'],
      2,
      ['shield 2'],
    ],
    [
      'a warship gets no cover, but its barrier',
      { target: { barrier: 1, warship: true }, situation: { cover: true } },
      [],
      1,
      ['barrier 1'],
    ],
  ] as const)('%s', (_what, over, def, blocks, terms) => {
    // Two hits from a 7 and a 6 at 9+ to evade: the blocks never depend on the dice.
    const r = roll(
      traitShot(withParts({ weapon: { shots: 2, acc: 13, dmg: 300 } }, over as ShotParts), [], [...def]),
      [7, 6],
    )
    expect(r.blocks).toBe(blocks)
    expect(r.blockTerms.map((t) => `${t.source} ${t.amount}`)).toEqual(terms)
  })

  it('Superior Instincts: a Blindside gives no critical, and a shield still blocks', () => {
    const plain = roll(
      traitShot({ weapon: { shots: 1 }, target: { shield: 1 }, situation: { blindside: true } }),
      [7],
    )
    const immune = roll(
      traitShot(
        { weapon: { shots: 1 }, target: { shield: 1 }, situation: { blindside: true } },
        [],
        ['superior-instincts=immune'],
      ),
      [7],
    )
    expect([plain.hits, plain.blocks]).toEqual([2, 0])
    expect([immune.hits, immune.blocks]).toEqual([0, 1])
  })
})

describe('criticals against Invincible and Untouchable', () => {
  it.each([
    // [what, defence, defender trait, advantage, faces, hits, crits]
    ['Invincible guarding: a 1 is a plain hit', 'guard', 'invincible', false, [1, 7], 1, 0],
    ['Invincible guarding: Tactical Advantage is a plain hit', 'guard', 'invincible', true, [7, 7], 1, 0],
    ['Invincible dodging: criticals stand', 'dodge', 'invincible', false, [1, 7], 2, 1],
    ['Invincible, used this round', 'guard', 'invincible=spent', false, [1, 7], 2, 1],
    ['Untouchable dodging: a 2 misses', 'dodge', 'untouchable', false, [2, 4], 1, 0],
    ['Untouchable dodging: Tactical Advantage adds nothing', 'dodge', 'untouchable', true, [7, 7], 0, 0],
    ['Untouchable guarding: criticals stand', 'guard', 'untouchable', false, [2, 7], 2, 1],
  ] as const)('%s', (_what, defense, trait, advantage, faces, hits, crits) => {
    // Acc 7, Evade 0: 7+ to evade when guarding, 5+ when dodging (Dodge +2 with the raise).
    const r = roll(
      traitShot(
        { weapon: { shots: 2, acc: 7 }, target: { evade: 0 }, situation: { advantage }, defense },
        [],
        [trait],
      ),
      [...faces],
    )
    // Guard's block is not what is measured: hits before blocks.
    expect([r.hits, r.crits]).toEqual([hits, crits])
  })
})

describe('Focus N, and a warship locking on', () => {
  it.each([
    // [what, shot, faces, hits, shots fired]
    ['one Focus, DMG 200: +2 hits', { weapon: { dmg: 200 }, attacker: { focus: 1 } }, [9, 9, 9, 9], 2, 4],
    ['three Focus, DMG 200: +6 hits', { weapon: { dmg: 200 }, attacker: { focus: 3 } }, [9, 9, 9, 9], 6, 4],
    ['two Focus, DMG 300: +2 hits', { weapon: { dmg: 300 }, attacker: { focus: 2 } }, [9, 9, 9, 9], 2, 4],
    [
      'two Focus under Indirect Fire: +2 shots',
      { weapon: { indirect: true }, attacker: { focus: 2 } },
      [9, 9, 9, 9, 9, 9],
      0,
      6,
    ],
    ['a warship locks on: +1 shot', { attacker: { focus: 1, warship: true } }, [9, 9, 9, 9, 9], 0, 5],
    [
      'a warship locks on a warship: +1 hit',
      { attacker: { focus: 1, warship: true }, target: { warship: true } },
      [9, 9, 9, 9],
      1,
      4,
    ],
  ] as const)('%s', (_what, over, faces, hits, fired) => {
    const r = roll(shot(over as ShotParts), [...faces])
    expect([r.hits, r.shotsFired]).toEqual([hits, fired])
  })
})

describe('hits from traits', () => {
  it.each([
    ['Killer Instinct, DMG 200: +2', ['killer-instinct'], 200, 2],
    ['Killer Instinct, DMG 300: +1', ['killer-instinct'], 300, 1],
    ['Headhunter, DMG 200: +2', ['headhunter'], 200, 2],
    ['Warmonger, DMG 200: +4', ['reaper'], 200, 4],
    ['Warmonger, DMG 800: +2', ['warmonger'], 800, 2],
    ['Hot Blooded: +1', ['rage'], 800, 1],
  ] as const)('%s', (_what, atk, dmg, hits) => {
    expect(roll(traitShot({ weapon: { shots: 1, dmg } }, [...atk]), [9]).hits).toBe(hits)
  })
})

describe('saves inside the shot: Unyielding rerolls, "It\'s not over yet!"', () => {
  // PEN 6 vs ARM Sv 1: a save passes on 5+.
  const weapon = { weapon: { shots: 3, acc: 13, dmg: 300, pen: parsePen('6') }, target: { armSv: 1 } }
  it.each([
    // [what, defender traits, It's not over yet!, faces, rerolls, negated, failed saves]
    ['no reroll: 2 of 3 fail', [], 0, [7, 7, 7, 1, 2, 6], 0, 0, 2],
    [
      'Unyielding rerolls both failures, one stands',
      ['unyielding=rerolls'],
      0,
      [7, 7, 7, 1, 2, 6, 8, 3],
      2,
      0,
      1,
    ],
    ["Don't Give up the Ship rerolls too", ['dont-give-up-the-ship'], 0, [7, 7, 7, 1, 2, 6, 8, 9], 2, 0, 0],
    ["It's not over yet! with 1 Momentum negates one", [], 1, [7, 7, 7, 1, 2, 6], 0, 1, 1],
    ['rerolls first, then Momentum', ['unyielding=rerolls'], 2, [7, 7, 7, 1, 2, 6, 3, 4], 2, 2, 0],
  ] as const)('%s', (_what, def, notOverYet, faces, rerolls, negated, failed) => {
    const r = roll(traitShot(withParts(weapon, { target: { notOverYet } }), [], [...def]), [...faces])
    expect([r.save.rerolls.length, r.save.negated, r.save.failedSaves]).toEqual([rerolls, negated, failed])
    expect(r.damage).toBe(r.hitDamage + 1000 * failed)
  })
})

describe('odds with traits are the whole shot walked', () => {
  const exact = (d: { sortedWays(): Array<[unknown, bigint]>; den: bigint }) =>
    d.sortedWays().map(([k, n]) => [k, fraction(n, d.den)])
  it.each([
    [
      'Gunnery Expert barrage, Elusive guard',
      { weapon: { pen: parsePen('5') }, target: { armSv: 1 }, bonus: 'barrage', defense: 'guard' },
      ['gunnery-expert'],
      ['elusive'],
    ],
    [
      'Unyielding: blocks and rerolls',
      { weapon: { shots: 6, dmg: 300, pen: parsePen('6') }, target: { armSv: 1, shield: 1 } },
      [],
      ['unyielding'],
    ],
    [
      "It's not over yet! and Don't Give up the Ship",
      { weapon: { shots: 5, pen: parsePen('7'), dmg: 400 }, target: { notOverYet: 2, hp: 2500 } },
      [],
      ['dont-give-up-the-ship'],
    ],
    [
      'Invincible guard, Tactical Advantage',
      { weapon: { shots: 6, targetLock: true }, situation: { advantage: true }, defense: 'guard' },
      ['killer-instinct'],
      ['invincible'],
    ],
    [
      'Untouchable dodge, Blindside',
      { weapon: { shots: 6 }, target: { shield: 1 }, situation: { blindside: true }, defense: 'dodge' },
      [],
      ['untouchable'],
    ],
    [
      'Superior Instincts against Blindside, barrier',
      {
        weapon: { shots: 7 },
        target: { shield: 1, barrier: 2, momentum: 2 },
        situation: { blindside: true },
      },
      ['hot-blooded'],
      ['superior-instincts'],
    ],
    [
      'Focus 3, Awe Inspiring and Berserker',
      { weapon: { shots: 4, dmg: 200, pen: parsePen('4') }, attacker: { focus: 3 } },
      ['warmonger'],
      ['berserker', 'awe-inspiring-arrival'],
    ],
  ] as const)('%s', (_what, over, atk, def) => {
    const s = traitShot(over as ShotParts, [...atk], [...def])
    const o = shotOdds(s)
    const w = walkShot(s)
    expect(exact(o.damage)).toEqual(exact(w.damage))
    expect(exact(o.unblockedHits)).toEqual(exact(w.unblockedHits))
    expect(exact(o.failedSaves)).toEqual(exact(w.failedSaves))
    expect(shotExpected(s).damage).toBeCloseTo(w.damage.expected(), 6)
  })

  it('a trait changes the odds (the cases above measure something)', () => {
    const base = { weapon: { shots: 6, dmg: 300, pen: parsePen('6') }, target: { armSv: 1, shield: 1 } }
    expect(shotOdds(traitShot(base, [], ['unyielding'])).expected.damage).toBeLessThan(
      shotOdds(traitShot(base)).expected.damage,
    )
  })
})

describe('traits in melee', () => {
  it('Unyielding: +2 blocks defending, and the failed saves rerolled', () => {
    const m = melee({
      atk: side({ pen: '6' }),
      def: traitSide({}, ['unyielding'], 'defender'),
      defChoice: 'guard',
    })
    const s = attackStrike(m)
    expect(s.bonusBlocks.map((b) => `${b.source} ${b.amount}`)).toEqual(['Guard 1', 'Unyielding 2'])
    expect(s.reroll).toBe(true)
  })

  it.each([
    // [what, defender level, traits, Guard]
    ['Prepare for Close Combat: Guard +2 at level 0', 0, ['prepare-for-close-combat'], 2],
    ['Prepare for Close Combat: Guard +3 at level 2', 2, ['prepare-for-close-combat'], 3],
  ] as const)('%s', (_what, pilot, traits, guard) => {
    const m = melee({ def: traitSide({ unit: { pilot } }, [...traits], 'defender'), defChoice: 'guard' })
    expect(attackStrike(m).bonusBlocks[0].amount).toBe(guard)
    // Counter is not the Guard: it keeps the pilot bonus.
    expect(counterStrike(Object.assign({}, m, { defChoice: 'counter' }), 0).bonusHits[0].amount).toBe(
      defenderBonus(pilot),
    )
  })

  it('Superior Instincts: a Blindside charge gets no critical, the shield blocks and overwatch fires', () => {
    const overwatch = { attacks: 1, acc: 8, shots: 1, dmg: 100, pen: parsePen('0'), targetLock: false }
    const plain = melee({ situation: { blindside: true, overwatch }, def: side({ unit: { shield: 1 } }) })
    const immune = melee({
      situation: { blindside: true, overwatch },
      def: traitSide({ unit: { shield: 1 } }, ['superior-instincts=immune'], 'defender'),
    })
    expect(attackStrike(plain).bonusHits.map((b) => b.source)).toContain('Blindside critical')
    expect(attackStrike(immune).bonusHits.map((b) => b.source)).not.toContain('Blindside critical')
    expect(attackStrike(immune).bonusBlocks.map((b) => b.source)).toEqual(['shield'])
    expect([overwatchAttacks(plain), overwatchAttacks(immune)]).toEqual([0, 1])
  })

  it('Awe Inspiring Arrival does not stack with Killer Instinct; the switch and the trait are one', () => {
    const byTrait = traitSide({}, ['killer-instinct', 'awe-inspiring-arrival'], 'defender')
    const bySwitch = side({ mods: { killerInstinct: true } })
    applyMeleeTraits(
      bySwitch,
      chooseTraits(['awe-inspiring-arrival'], 'melee', 'defender', MELEE_FLAGS),
      'defender',
    )
    for (const def of [byTrait, bySwitch]) {
      const blocks = attackStrike(melee({ def })).bonusBlocks
      expect(blocks.reduce((n, b) => n + b.amount, 0)).toBe(1)
    }
  })

  it("It's not over yet! in the clash: one failed save negated per point", () => {
    const m = melee({
      atk: side({ weapon: { dmg: 100 }, pen: '9' }),
      def: side({ unit: { pilot: 1 }, mods: { notOverYet: 1 } }),
      atkSplit: { attack: 2, defense: 0 },
      defSplit: { attack: 0, defense: 0 },
    })
    // Two hits (5, 6) + the attacker bonus: 3 unblocked, saves on 9+: 1, 2, 3 all fail.
    const dice = new PhysicalDice([5, 6, 1, 2, 3])
    const r = resolveMelee(dice, m)
    dice.assertAllUsed()
    expect([r.attack!.save.negated, r.attack!.save.failedSaves]).toEqual([1, 2])
  })

  const cases: Array<[string, Melee]> = [
    [
      'Unyielding both sides, saves both ways',
      melee({
        atk: traitSide({ unit: { armSv: 1 }, pen: '6' }, ['unyielding'], 'attacker'),
        def: traitSide({ unit: { pilot: 1 }, pen: '5' }, ['unyielding=rerolls'], 'defender'),
      }),
    ],
    [
      "It's not over yet!, Prepare for Close Combat, Headhunter, HP",
      melee({
        atk: traitSide(
          { unit: { pilot: 1, hp: 1500 }, mods: { notOverYet: 1 }, pen: '7' },
          ['headhunter'],
          'attacker',
        ),
        def: traitSide(
          { unit: { pilot: 2, hp: 1200 }, mods: { notOverYet: 2 }, pen: '6' },
          ['prepare-for-close-combat'],
          'defender',
        ),
        defChoice: 'guard',
      }),
    ],
    [
      'Superior Instincts against a Blindside, with overwatch and a rerolling charger',
      melee({
        situation: {
          blindside: true,
          overwatch: { attacks: 1, acc: 8, shots: 2, dmg: 200, pen: parsePen('5'), targetLock: false },
        },
        atk: traitSide({ unit: { evade: 2, armSv: 1, hp: 1000 } }, ['dont-give-up-the-ship'], 'attacker'),
        def: traitSide({ unit: { shield: 1 } }, ['superior-instincts'], 'defender'),
        atkSplit: { attack: 2, defense: 1 },
        defSplit: { attack: 1, defense: 2 },
      }),
    ],
  ]
  it.each(cases)('odds are resolveMelee walked: %s', (_what, m) => {
    const o = meleeOdds(m)
    const w = walk((dice) => {
      const r = resolveMelee(dice, m)
      return { d: r.defender.damageTaken, a: r.attacker.damageTaken, f: r.attack?.save.failedSaves ?? 0 }
    })
    const exact = (d: { sortedWays(): Array<[unknown, bigint]>; den: bigint }) =>
      d.sortedWays().map(([k, n]) => [k, fraction(n, d.den)])
    expect(exact(o.defenderDamage)).toEqual(exact(w.map((r) => r.d)))
    expect(exact(o.attackerDamage)).toEqual(exact(w.map((r) => r.a)))
    expect(exact(o.attack.failedSaves)).toEqual(exact(w.map((r) => r.f)))
  })
})
