import { describe, expect, it } from 'vitest'
import { PhysicalDice } from '../../../src/core/physical.js'
import { resolveArmorSaves } from '../../../src/rules/stellar/armor-save.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { mecha } from '../../cli/in-process.js'
import {
  MAX_WEAPON_SHOTS,
  askEvadeReroll,
  evadeReroll,
  pickOf,
  defenseAllowed,
  evadeClass,
  evadeInput,
  laterOutlook,
  resolveShot,
  shotsFired,
  skillDefenseSpent,
} from '../../../src/rules/stellar/shoot.js'
import { NO_PEN, parsePen } from '../../../src/rules/stellar/weapon.js'
import { chooseReroll } from '../../../src/rules/stellar/choice.js'
import { shot, withParts } from './shot-fixture.js'

const roll = (over: Parameters<typeof shot>[0], faces: number[]) => {
  const dice = new PhysicalDice(faces)
  const r = resolveShot(dice, shot(over))
  dice.assertAllUsed()
  return r
}

describe('worked examples from the quickstart', () => {
  it('Argonaut cannon: 4 shots at Acc 9 vs Evade+4, Dervish rolls 5,7,7,10: all miss', () => {
    const r = roll({ weapon: { shots: 4, dmg: 500 } }, [5, 7, 7, 10])
    expect(r.targetNumber).toBe(5)
    expect(r.dice.map((d) => d.outcome)).toEqual(['evade', 'evade', 'evade', 'auto-miss'])
    expect(r.hits).toBe(0)
    expect(r.damage).toBe(0)
  })

  it('Argonaut machine gun: 7 shots, DMG 200, rolls 1,1,4,5,7,7,10: 5 hits, 1000 DMG', () => {
    const r = roll({ weapon: { shots: 7, dmg: 200 } }, [1, 1, 4, 5, 7, 7, 10])
    expect(r.dice.map((d) => d.outcome)).toEqual([
      'crit',
      'crit',
      'hit',
      'evade',
      'evade',
      'evade',
      'auto-miss',
    ])
    expect(r.crits).toBe(2)
    expect(r.hits).toBe(5)
    expect(r.unblockedHits).toBe(5)
    expect(r.damage).toBe(1000)
  })

  it('Skill Defense: 4 beam shots, 1 evaded, 3 Momentum negate the other 3', () => {
    const r = roll({ weapon: { shots: 4, dmg: 300 }, target: { momentum: 3 } }, [5, 3, 4, 6])
    expect(r.hits).toBe(2)
    // only 2 hits got through, so only 2 of the 3 Momentum offered are spent
    expect(r.momentumSpent).toBe(2)
    expect(r.unblockedHits).toBe(0)
    const r2 = roll({ weapon: { shots: 4, dmg: 300 }, target: { momentum: 3, evade: 0 } }, [3, 4, 5, 9])
    expect(r2.hits).toBe(3)
    expect(r2.momentumSpent).toBe(3)
    expect(r2.damage).toBe(0)
  })

  it('White Asura: a shield gives its blocks against each weapon', () => {
    const mg = roll({ weapon: { shots: 4, dmg: 200 }, target: { shield: 2, evade: 0 } }, [3, 4, 5, 6])
    expect(mg.blocks).toBe(2)
    expect(mg.unblockedHits).toBe(2)
    const bazooka = roll({ weapon: { shots: 2, dmg: 800 }, target: { shield: 2, evade: 0 } }, [3, 4])
    expect(bazooka.blocks).toBe(2)
    expect(bazooka.unblockedHits).toBe(0)
  })

  it('Laughing Joker (ARM Sv 2): PEN 5 twice rolls 3,5 and passes; PEN 4 four times is capped at 3 saves, 1,6,7 fails one', () => {
    const a = resolveArmorSaves(new PhysicalDice([3, 5]), { hits: 2, pen: parsePen('5'), armSv: 2 })
    expect(a.targetNumber).toBe(3)
    expect(a.failedSaves).toBe(0)
    const b = resolveArmorSaves(new PhysicalDice([1, 6, 7]), { hits: 4, pen: parsePen('4'), armSv: 2 })
    expect(b.targetNumber).toBe(2)
    expect(b.owed).toBe(3)
    expect(b.saves).toEqual([
      { roll: 1, passed: false },
      { roll: 6, passed: true },
      { roll: 7, passed: true },
    ])
    expect(b.failedSaves).toBe(1)
    expect(b.damage).toBe(1000)
  })

  it('Arc Whip (stun): two failed saves cost two actions and no extra damage', () => {
    const s = resolveArmorSaves(new PhysicalDice([1, 2]), { hits: 2, pen: parsePen('6S'), armSv: 1 })
    expect(s.failedSaves).toBe(2)
    expect(s.actionsLost).toBe(2)
    expect(s.damage).toBe(0)
  })
})

describe('shooting rules', () => {
  it.each([
    // [case, shot overrides, faces, expected hits, expected crits]
    [
      'crits are capped at 3; the rest are plain hits',
      { weapon: { shots: 5 }, target: { evade: 0 } },
      [1, 2, 1, 2, 1],
      8,
      3,
    ],
    ['target lock makes 3s critical', { weapon: { shots: 3, targetLock: true } }, [3, 3, 4], 5, 2],
    ['without target lock a 3 is a plain hit', { weapon: { shots: 3 } }, [3, 3, 4], 3, 0],
    ['indirect fire counts criticals as hits', { weapon: { shots: 3, indirect: true } }, [1, 2, 4], 3, 0],
    ['9 and 10 always miss, even at a high target number', { weapon: { shots: 2, acc: 20 } }, [9, 10], 0, 0],
    ['1 and 2 always crit, even at a low target number', { weapon: { shots: 2, acc: 1 } }, [1, 2], 4, 2],
    ['a roll equal to the target number evades', { weapon: { shots: 2 } }, [5, 4], 1, 0],
    [
      'tactical advantage adds a critical',
      { weapon: { shots: 2 }, situation: { advantage: true } },
      [5, 6],
      2,
      1,
    ],
    [
      'blindside is tactical advantage too',
      { weapon: { shots: 1 }, situation: { blindside: true } },
      [6],
      2,
      1,
    ],
    [
      'advantage past the crit cap is a plain hit',
      { weapon: { shots: 3 }, situation: { advantage: true } },
      [1, 1, 1],
      7,
      3,
    ],
    [
      'advantage and blindside give one critical, not two',
      { weapon: { shots: 1 }, situation: { advantage: true, blindside: true } },
      [7],
      2,
      1,
    ],
    [
      'focus: +2 hits with DMG 200 or less',
      { weapon: { shots: 1, dmg: 200 }, attacker: { focus: 1 } },
      [7],
      2,
      0,
    ],
    [
      'focus: +1 hit with DMG over 200',
      { weapon: { shots: 1, dmg: 300 }, attacker: { focus: 1 } },
      [7],
      1,
      0,
    ],
    ['bullseye: +1 hit', { weapon: { shots: 1 }, attacker: { bullseye: true } }, [7], 1, 0],
    ['other bonus hits are added', { weapon: { shots: 1 }, attacker: { extraHits: 4 } }, [7], 4, 0],
  ])('%s', (_name, over, faces, hits, crits) => {
    const r = roll(over, faces)
    expect(r.hits).toBe(hits)
    expect(r.crits).toBe(crits)
  })

  it.each([
    ['precision +1 raises the target number', { bonus: 'precision' as const }, 6],
    ['precision +2 for level 1 pilots', { attacker: { pilot: 1 as const }, bonus: 'precision' as const }, 7],
    ['dodge +1 lowers it', { defense: 'dodge' as const }, 4],
    ['dodge +1 for level 1 defenders', { target: { defPilot: 1 as const }, defense: 'dodge' as const }, 4],
    ['dodge +2 for level 2 defenders', { target: { defPilot: 2 as const }, defense: 'dodge' as const }, 3],
  ])('%s', (_name, over, tn) => {
    const faces = [7]
    expect(roll(withParts({ weapon: { shots: 1 } }, over), faces).targetNumber).toBe(tn)
  })

  it.each([
    ['barrage +1 shot', { weapon: { shots: 4 }, bonus: 'barrage' as const }, 5],
    [
      'barrage +2 shots at level 1',
      { weapon: { shots: 4 }, attacker: { pilot: 1 as const }, bonus: 'barrage' as const },
      6,
    ],
    ['rapid fire adds shots', { weapon: { shots: 4, rapidFire: 1 } }, 5],
    ['rapid fire can remove shots', { weapon: { shots: 4, rapidFire: -2 } }, 2],
    [
      'shots are capped at 10',
      { weapon: { shots: 10, rapidFire: 3 }, attacker: { pilot: 2 as const }, bonus: 'barrage' as const },
      10,
    ],
    [
      'focus gives indirect fire a shot instead of hits',
      { weapon: { shots: 4, indirect: true }, attacker: { focus: 1 } },
      5,
    ],
  ])('%s', (_name, over, n) => {
    const r = roll(over, new Array(n).fill(7))
    expect(r.shotsFired).toBe(n)
    expect(r.dice).toHaveLength(n)
    expect(r.hits).toBe(0)
  })

  it.each([
    ['guard +1 block', { defense: 'guard' as const }, 1, 'guard'],
    ['guard +2 at level 2', { target: { defPilot: 2 as const }, defense: 'guard' as const }, 2, 'guard'],
    [
      'cover: 2 blocks against DMG 500 or less',
      { weapon: { dmg: 500 }, situation: { cover: true } },
      2,
      'cover',
    ],
    ['cover: 1 block against DMG over 500', { weapon: { dmg: 600 }, situation: { cover: true } }, 1, 'cover'],
    [
      'shield and cover do not stack: the better counts',
      { weapon: { dmg: 200 }, target: { shield: 1 }, situation: { cover: true } },
      2,
      'cover',
    ],
    [
      'a bigger shield beats cover',
      { weapon: { dmg: 200 }, target: { shield: 3 }, situation: { cover: true } },
      3,
      'shield',
    ],
    ['guard stacks with a shield', { target: { shield: 2 }, defense: 'guard' as const }, 3, 'shield'],
    [
      'blindside ignores shields and cover',
      { target: { shield: 3 }, situation: { blindside: true, cover: true } },
      0,
      'none',
    ],
  ])('%s', (_name, over, blocks, source) => {
    const r = roll(withParts({ weapon: { shots: 1 } }, over), [7])
    expect(r.blocks).toBe(blocks)
    expect(r.blockSource).toBe(source)
  })

  it('damage is unblocked hits x DMG, plus 1000 per failed armor save', () => {
    // 4 hits (crit + 2 plain), 1 block, 3 unblocked at DMG 300; PEN 6 vs ARM Sv 2 needs 4+: 3, 4, 9 -> 1 failure
    const r = roll(
      { weapon: { shots: 4, dmg: 300, pen: parsePen('6') }, target: { armSv: 2, shield: 1 } },
      [1, 3, 4, 8, 3, 4, 9],
    )
    expect(r.hits).toBe(4)
    expect(r.unblockedHits).toBe(3)
    expect(r.hitDamage).toBe(900)
    expect(r.save.targetNumber).toBe(4)
    expect(r.save.failedSaves).toBe(1)
    expect(r.damage).toBe(1900)
  })

  it('PEN under 2 calls for no saves', () => {
    const r = roll({ weapon: { shots: 1, pen: parsePen('1') } }, [3])
    expect(r.save.owed).toBe(0)
    expect(r.damage).toBe(100)
  })

  it('a save target of 1 or less passes without rolling', () => {
    const r = roll({ weapon: { shots: 1, pen: parsePen('3') }, target: { armSv: 2 } }, [3])
    expect(r.save.owed).toBe(1)
    expect(r.save.saves).toEqual([])
    expect(r.save.targetNumber).toBe(1)
  })

  it.each([
    ['3 saves at most', {}, 10, 3],
    ['warships make 5', { warship: true }, 10, 5],
    ['warships make 10 against AOE', { aoe: true, warship: true }, 10, 10],
    ['AOE alone does not lift the cap for other units', { aoe: true }, 10, 3],
  ])('save cap: %s', (_n, over, hits, owed) => {
    const s = resolveArmorSaves(new PhysicalDice(new Array(owed).fill(10)), {
      hits,
      pen: parsePen('5'),
      armSv: 0,
      ...over,
    })
    expect(s.owed).toBe(owed)
  })

  it('push/pull saves improve by 2 x Size, and failures push instead of damaging', () => {
    const s = resolveArmorSaves(new PhysicalDice([3, 2]), { hits: 2, pen: parsePen('7P'), armSv: 1, size: 2 })
    expect(s.targetNumber).toBe(2)
    expect(s.failedSaves).toBe(0)
    const t = resolveArmorSaves(new PhysicalDice([1]), { hits: 1, pen: parsePen('7P'), armSv: 1, size: 1 })
    expect(t.pushes).toBe(1)
    expect(t.damage).toBe(0)
  })

  it('warships pay 2 Momentum per negated hit', () => {
    const r = roll({ weapon: { shots: 3 }, target: { evade: 0, momentum: 5, warship: true } }, [3, 3, 3])
    expect(r.momentumSpent).toBe(4)
    expect(r.unblockedHits).toBe(1)
  })

  it('reports destruction against the remaining HP', () => {
    expect(roll({ weapon: { shots: 2 }, target: { evade: 0, hp: 200 } }, [3, 4]).destroyed).toBe(true)
    expect(roll({ weapon: { shots: 2 }, target: { evade: 0, hp: 201 } }, [3, 4]).remainingHp).toBe(1)
  })
})

describe('issue 14 defects', () => {
  it('a warship gets no Cover ("Warships do not benefit from Cover"); a shield still blocks', () => {
    const r = roll(
      { weapon: { shots: 3, dmg: 300 }, target: { evade: 0, warship: true }, situation: { cover: true } },
      [3, 4, 5],
    )
    expect(r.blocks).toBe(0)
    expect(r.blockSource).toBe('none')
    expect(r.unblockedHits).toBe(3)
    const shielded = roll(
      {
        weapon: { shots: 3, dmg: 300 },
        target: { evade: 0, warship: true, shield: 1 },
        situation: { cover: true },
      },
      [3, 4, 5],
    )
    expect([shielded.blocks, shielded.blockSource]).toEqual([1, 'shield'])
    // not a warship: cover blocks 2 against DMG 500 or less
    expect(
      roll({ weapon: { shots: 3, dmg: 300 }, target: { evade: 0 }, situation: { cover: true } }, [3, 4, 5])
        .blocks,
    ).toBe(2)
  })

  it.each([
    // [printed shots, rapid fire, bonus, focus+indirect, fired]
    [12, -2, 'none', false, 10],
    [12, -3, 'none', false, 9],
    [30, -10, 'none', false, 10],
    [9, 0, 'barrage', false, 10],
    [8, -1, 'barrage', true, 9],
    [1, -5, 'none', false, 0],
  ] as const)(
    'the 10-shot cap applies after modifiers: %i shots, Rapid Fire %i, %s, focus %s → %i',
    (shots, rapidFire, bonus, focus, fired) => {
      const s = shot({
        weapon: { shots, rapidFire, indirect: focus },
        attacker: { focus: focus ? 1 : 0, pilot: 0 },
        bonus,
      })
      expect(shotsFired(s)).toBe(fired)
      expect(resolveShot(new SeededDice('cap'), s).dice).toHaveLength(fired)
    },
  )

  it('the shoot command takes printed shots above 10: --shots 12 --rapid-fire -2 fires 10', () => {
    const r = mecha([
      'shoot',
      '--acc',
      '9',
      '--evade',
      '4',
      '--shots',
      '12',
      '--rapid-fire',
      '-2',
      '--dmg',
      '100',
      '--bonus',
      'none',
      '--defense',
      'none',
      '--seed',
      's',
      '--json',
    ])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout).shotsFired).toBe(10)
    const over = mecha(['shoot', '--acc', '9', '--shots', String(MAX_WEAPON_SHOTS + 1), '--dmg', '100'])
    expect(over.code).toBe(2)
    expect(over.stderr).toMatch(/--shots: 31 is out of range; give 1 to 30/)
  })

  it('the evade pool separates every outcome the result tells apart (evade vs auto-miss)', () => {
    const classify = evadeClass(
      evadeInput(shot({ weapon: { acc: 9, targetLock: true }, target: { evade: 4 } })),
    )
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(classify)).toEqual([
      'crit',
      'crit',
      'crit',
      'hit',
      'evade',
      'evade',
      'evade',
      'evade',
      'auto-miss',
      'auto-miss',
    ])
  })
})

describe("melee's overwatch shares the shot's cap", () => {
  it('an overwatch weapon printing 12 shots fires 10 (shotsFired through overwatchShot)', async () => {
    const { overwatchShot, OVERWATCH_START } = await import('../../../src/rules/stellar/melee.js')
    const { melee } = await import('./melee-fixture.js')
    const ow = { attacks: 1, acc: 9, shots: 12, dmg: 100, pen: NO_PEN, targetLock: false }
    const s = overwatchShot(melee(), ow, OVERWATCH_START)
    expect(shotsFired(s)).toBe(10)
    expect(resolveShot(new SeededDice('ow'), s).dice).toHaveLength(10)
  })
})

describe('shooting: choices the roll and the odds make alike', () => {
  it.each([
    // [what, Solo Operative, Seeking Shot, reaction, allowed]
    ['anyone may Dodge', false, false, 'dodge', true],
    ['Dodge and Guard together: a Solo Operative only', false, false, 'both', false],
    ['a Solo Operative may', true, false, 'both', true],
    ['no Dodge against a Seeking Shot', false, true, 'dodge', false],
    ['Guard against a Seeking Shot', false, true, 'guard', true],
    [
      'a Solo Operative still Guards (with its Dodge worth nothing) against a Seeking Shot',
      true,
      true,
      'both',
      true,
    ],
  ] as const)('defenseAllowed: %s', (_what, soloOperative, seekingShot, d, allowed) => {
    expect(defenseAllowed(shot({ attacker: { seekingShot }, target: { soloOperative } }), d)).toBe(allowed)
  })

  it.each([
    // [what, Momentum offered, hits left, warship, spent]
    ['one point a hit', 3, 2, false, 2],
    ['no more than offered', 1, 4, false, 1],
    ['a warship pays 2 a hit', 5, 4, true, 4],
    ['a warship spends whole pairs only', 3, 4, true, 2],
  ])('skillDefenseSpent: %s', (_what, momentum, hitsLeft, warship, spent) => {
    expect(skillDefenseSpent(momentum, hitsLeft, warship)).toBe(spent)
  })

  it.each([
    // [what, pick given, pick taken] (the automatic pick here would be one critical and one hit)
    [
      'more criticals than rolled: the one critical, then hits within the 2',
      { crits: 3, hits: 2 },
      { crits: 1, hits: 1 },
    ],
    ['more hits than allowed: the 2 allowed', { crits: 0, hits: 5 }, { crits: 0, hits: 2 }],
  ])(
    'the evade reroll: a pick given beforehand takes what the dice allow, criticals first: %s',
    (_what, given, taken) => {
      const s = shot({
        weapon: { acc: 6, shots: 4 },
        target: { evade: 0, evadeRerolls: 2 },
        decisions: { 'evade-reroll': given },
      })
      // 1 (a critical), 4 and 5 (hits), 8 (an evade)
      const faces = [1, 4, 5, 8]
      const r = evadeReroll(evadeInput(s), 2, laterOutlook(s))
      expect(
        pickOf(
          r,
          chooseReroll(faces, r, askEvadeReroll(s, faces, r)).map((i) => faces[i]),
        ),
      ).toEqual(taken)
    },
  )
})
