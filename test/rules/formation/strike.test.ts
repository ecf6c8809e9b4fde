import { describe, expect, it } from 'vitest'
import { PhysicalDice } from '../../../src/core/physical.js'
import { NeedDecision, NeedDice } from '../../../src/core/errors.js'
import {
  attackFromFace,
  availableAnswers,
  bestAnswer,
  rankAnswers,
  resolveStrike,
  strikeDefended,
  strikeModifier,
  targetsAttacked,
} from '../../../src/rules/formation/strike.js'
import { QUALITIES, QUALITY_PRESETS } from '../../../src/rules/formation/pilot-quality.js'
import { strike } from './fixture.js'

const run = (s: ReturnType<typeof strike>, dice: number[]) => {
  const d = new PhysicalDice(dice)
  const r = resolveStrike(d, s)
  d.assertAllUsed()
  return r
}

describe('strike: the attack roll', () => {
  it.each([
    // [what, STR, face, hit, natural]
    ['STR 0: a 2 is enough', 0, 2, true, null],
    ['STR 0: a natural 1 misses', 0, 1, false, null],
    ['STR +3: a natural 1 still misses', 3, 1, false, 'miss'],
    ['STR -2: 3 - 2 = 1 misses', -2, 3, false, null],
    ['STR -2: 4 - 2 = 2 hits', -2, 4, true, null],
    ['STR -5: a natural 6 still hits', -5, 6, true, 'hit'],
    ['STR -4: 5 - 4 = 1 misses', -4, 5, false, null],
  ] as const)('%s', (_what, str, face, hit, natural) => {
    const r = run(strike({ str }), [face])
    expect(r.hit).toBe(hit)
    expect(r.targets[0].attack.natural).toBe(natural)
    expect(r.damage).toBe(hit ? 4 : 0)
    expect(r.defended).toBe(false)
  })

  it.each([
    ['Accurate +2', { str: 1, accurate: 2 }, 3],
    ['HARM against a radar', { str: 1, harm: true }, 3],
    ['vulnerable spot -2', { str: 1, vulnerable: -2 }, -1],
    ['one jam counter: STR -1', { str: 2, jamCounters: 1 }, 1],
    ['three jam counters: STR -3', { str: 2, jamCounters: 3 }, -1],
    ['five jam counters are no worse than three', { str: 2, jamCounters: 5 }, -1],
  ] as const)('modifier: %s', (_what, over, modifier) => {
    expect(strikeModifier(strike(over))).toBe(modifier)
  })

  it('a vulnerable-spot penalty can turn a hit into a miss', () => {
    expect(run(strike({ str: 1, vulnerable: -2 }), [2]).hit).toBe(false)
    expect(run(strike({ str: 1 }), [2]).hit).toBe(true)
  })
})

describe("strike: the defender's answer (one d6, succeeds on equal or more)", () => {
  it.each([
    // [what, answer, skills, dice, defended, damage, actionSpent]
    ['dodge equal to the attack succeeds: 3 + 1 vs 4', 'dodge', { dod: 1 }, [4, 3], true, 0, true],
    ['dodge one short fails: 2 + 1 vs 4', 'dodge', { dod: 1 }, [4, 2], false, 4, true],
    ['auto-dodge spends no action', 'auto-dodge', { autoDodge: 2 }, [3, 3], true, 0, false],
    ['parry in melee', 'parry', { par: 2, parryAllowed: true }, [5, 3], true, 0, false],
    ['roll with damage halves', 'roll-with', { rol: 1, rollWithAllowed: true }, [4, 3], true, 2, false],
    [
      'roll with damage fails: full damage',
      'roll-with',
      { rol: 1, rollWithAllowed: true },
      [4, 2],
      false,
      4,
      false,
    ],
    ['no answer: no die', 'none', {}, [4], false, 4, false],
  ] as const)('%s', (_what, answer, skills, dice, defended, damage, actionSpent) => {
    const r = run(strike({ answer, defender: skills }), [...dice])
    expect(r.hit).toBe(true)
    expect(r.defended).toBe(defended)
    expect(r.damage).toBe(damage)
    expect(r.targets[0].actionSpent).toBe(actionSpent)
  })

  it('a miss needs no answer: only the attack die is used', () => {
    const r = run(strike({ answer: 'dodge', defender: { dod: 2 } }), [1])
    expect(r.hit).toBe(false)
    expect(r.targets[0].defenseRoll).toBeNull()
    expect(r.damage).toBe(0)
  })

  // issue 14: rolling with damage "only works vs missiles", never against a melee blow
  it.each([
    ['declared allowed (--roll-with)', { rol: 3, rollWithAllowed: true }],
    ['not declared', { rol: 3 }],
  ])('a melee blow is not halved by rolling with it, %s', (_what, skills) => {
    const r = run(strike({ melee: true, dmg: 5, answer: 'roll-with', defender: skills }), [2, 6])
    expect(r.targets[0].halved).toBe(false)
    expect(r.targets[0].defended).toBe(false)
    expect(r.targets[0].defenseRoll?.success).toBe(false)
    expect(r.damage).toBe(5)
  })

  it('the automatic defender never rolls with a melee blow', () => {
    const s = strike({
      melee: true,
      answer: 'auto',
      defender: { rol: 5, rollWithAllowed: true, parryAllowed: true },
    })
    expect(availableAnswers(s)).toEqual(['none'])
    expect(bestAnswer(s, attackFromFace(s, 3))).toBe('none')
    expect(run(s, [3]).damage).toBe(4)
  })

  it('halved damage rounds down: 5 -> 2', () => {
    const r = run(
      strike({ dmg: 5, answer: 'roll-with', defender: { rol: 3, rollWithAllowed: true } }),
      [2, 1],
    )
    expect(r.targets[0].halved).toBe(true)
    expect(r.damage).toBe(2)
  })

  it('a natural 6 at a large penalty is easy to answer (total below 2)', () => {
    const r = run(strike({ str: -6, answer: 'dodge', defender: { dod: 0 } }), [6, 1])
    expect(r.hit).toBe(true)
    expect(r.targets[0].defenseRoll).toMatchObject({ needed: 0, success: true })
    expect(r.defended).toBe(true)
  })
})

describe('strike: weapon traits', () => {
  it('Burst 3 with 6 damage: 2 damage each for 2 targets (the rules example), one attack roll', () => {
    const r = run(strike({ dmg: 6, mode: 'burst', spread: 3, targets: 2 }), [4])
    expect(r.targets.map((t) => t.damage)).toEqual([2, 2])
    expect(r.damage).toBe(4)
  })

  it('Burst 3 with 6 damage: 2 damage each for 3 targets', () => {
    const r = run(strike({ dmg: 6, mode: 'burst', spread: 3, targets: 3 }), [4])
    expect(r.targets.map((t) => t.damage)).toEqual([2, 2, 2])
  })

  it('Burst at a single target does full damage', () => {
    expect(run(strike({ dmg: 6, mode: 'burst', spread: 3, targets: 1 }), [4]).damage).toBe(6)
  })

  it('Burst: each target answers with its own die, after the one attack die', () => {
    const r = run(
      strike({ str: 1, dmg: 6, mode: 'burst', spread: 2, targets: 2, answer: 'dodge', defender: { dod: 1 } }),
      [3, 3, 2],
    )
    expect(r.targets.map((t) => t.defended)).toEqual([true, false])
    expect(r.targets.map((t) => t.damage)).toEqual([0, 3])
    expect(r.defended).toBe(false)
  })

  it("Split fire: an attack roll per target, then that target's answer", () => {
    // target 1: attack 1 misses (no answer); target 2: attack 5 + 1 = 6, dodge 5 + 1 = 6 dodged
    const r = run(
      strike({ str: 1, dmg: 6, mode: 'split', spread: 2, targets: 2, answer: 'dodge', defender: { dod: 1 } }),
      [1, 5, 5],
    )
    expect(r.targets.map((t) => t.hit)).toEqual([false, true])
    expect(r.targets[1].defended).toBe(true)
    expect(r.hit).toBe(true)
    expect(r.defended).toBe(true)
    expect(r.damage).toBe(0)
  })

  it('Split fire divides the damage like Burst', () => {
    const r = run(strike({ dmg: 6, mode: 'split', spread: 3, targets: 3 }), [2, 3, 4])
    expect(r.targets.map((t) => t.damage)).toEqual([2, 2, 2])
  })

  it('Volley 3: one roll, damage x 3', () => {
    expect(run(strike({ dmg: 2, volley: 3 }), [3]).damage).toBe(6)
  })

  it.each([
    ['a non-AI weapon does half damage to infantry', { vsInfantry: true }, 2],
    ['an AI weapon does full damage to infantry', { vsInfantry: true, ai: true }, 4],
    ['an AI weapon against mecha: full', { ai: true }, 4],
  ])('%s', (_what, over, damage) => {
    expect(run(strike(over), [4]).damage).toBe(damage)
  })

  it('halvings and divisions round down once at the end: 6 / Burst 2 / infantry = 1.5 -> 1', () => {
    const r = run(strike({ dmg: 6, mode: 'burst', spread: 2, targets: 2, vsInfantry: true }), [4])
    expect(r.targets.map((t) => t.damage)).toEqual([1, 1])
  })

  it.each([
    ['natural 4 on Melee 4+: one damage', 4, 1],
    ['natural 3 on Melee 4+: no damage, though it hits', 3, 0],
  ])('%s', (_what, face, damage) => {
    const r = run(strike({ meleePlus: 4, melee: true, str: 2, dmg: 0 }), [face])
    expect(r.hit).toBe(true)
    expect(r.damage).toBe(damage)
  })

  it.each([
    ['4+ keeps the action', [3, 4], false],
    ['1-3 loses it', [3, 3], true],
  ])('knockdown on a hit: %s', (_what, dice, lost) => {
    const r = run(strike({ knockdown: true }), dice)
    expect(r.targets[0].knockdown).toEqual({ roll: dice[1], actionLost: lost })
  })

  it('no knockdown roll when the hit is dodged, nor against infantry', () => {
    expect(
      run(strike({ knockdown: true, answer: 'dodge', defender: { dod: 3 } }), [3, 1]).targets[0].knockdown,
    ).toBeNull()
    expect(run(strike({ knockdown: true, vsInfantry: true }), [3]).targets[0].knockdown).toBeNull()
  })

  it('rolling with damage still takes the hit: the knockdown roll follows', () => {
    const r = run(
      strike({ knockdown: true, answer: 'roll-with', defender: { rol: 2, rollWithAllowed: true } }),
      [3, 2, 1],
    )
    expect(r.targets[0].halved).toBe(true)
    expect(r.targets[0].knockdown).toEqual({ roll: 1, actionLost: true })
  })
})

describe('strike: damage boxes', () => {
  it.each([
    ['damage equal to the boxes left: destroyed, infantry appear', 4, true, true],
    ['more damage than boxes: destroyed, no infantry', 3, true, false],
    ['fewer: survives', 5, false, false],
  ])('Zentraedi: %s', (_what, boxes, destroyed, infantry) => {
    const r = run(strike({ boxes, zentraedi: true }), [4])
    expect(r.targets[0].destroyed).toBe(destroyed)
    expect(r.targets[0].infantry).toBe(infantry)
  })

  it('not Zentraedi: exact damage destroys without infantry', () => {
    const r = run(strike({ boxes: 4 }), [4])
    expect(r.targets[0]).toMatchObject({
      destroyed: true,
      destroyedBy: 'damage',
      infantry: false,
      boxesLeft: 0,
    })
  })

  it('a d6 for each * box crossed; a 6 destroys and stops the rolling', () => {
    const r = run(strike({ dmg: 4, boxes: 10, starBoxes: [1, 3, 4, 6] }), [4, 2, 6])
    expect(r.targets[0].starRolls).toEqual([
      { box: 1, roll: 2, destroyed: false },
      { box: 3, roll: 6, destroyed: true },
    ])
    expect(r.targets[0]).toMatchObject({ destroyed: true, destroyedBy: 'star', boxesLeft: 6 })
  })

  it('only the * boxes the damage reaches are rolled', () => {
    const r = run(strike({ dmg: 2, boxes: 10, starBoxes: [2, 5] }), [4, 5])
    expect(r.targets[0].starRolls).toEqual([{ box: 2, roll: 5, destroyed: false }])
    expect(r.targets[0].destroyed).toBe(false)
  })

  it("a hero's +1 destroys on a 5; -1 never", () => {
    expect(run(strike({ starBoxes: [1], destroyMod: 1 }), [4, 5]).targets[0].destroyed).toBe(true)
    const hero = run(strike({ starBoxes: [1], destroyMod: -1 }), [4, 6]).targets[0]
    expect(hero.starRolls).toEqual([{ box: 1, roll: 6, destroyed: false }])
    expect(hero.destroyedBy).toBeNull()
  })

  it('no * rolls when the damage alone destroys the unit; no knockdown for a wreck', () => {
    const r = run(strike({ boxes: 3, starBoxes: [1], knockdown: true }), [4])
    expect(r.targets[0]).toMatchObject({ destroyed: true, starRolls: [], knockdown: null })
  })
})

describe('strike: the automatic answer (after the attack roll)', () => {
  const both = { dod: 0, rol: 3, rollWithAllowed: true }

  it('against a high roll, rolling with damage beats a hopeless dodge', () => {
    // total 7: dodge needs a 7 (impossible), roll with damage needs 4+ (half the time halves)
    const s = strike({ str: 1, dmg: 4, answer: 'auto', defender: both })
    expect(bestAnswer(s, attackFromFace(s, 6))).toBe('roll-with')
  })

  it('against a low roll, dodging (avoid on 3+) beats rolling with it', () => {
    const s = strike({ str: 1, dmg: 4, answer: 'auto', defender: both })
    expect(bestAnswer(s, attackFromFace(s, 2))).toBe('dodge')
  })

  it('an answer that cannot succeed is not made', () => {
    const s = strike({ str: 5, answer: 'auto', defender: { dod: 0 } })
    expect(bestAnswer(s, attackFromFace(s, 6))).toBe('none')
  })

  it('Auto-Dodge is preferred to an equal dodge that costs an action', () => {
    const s = strike({ str: 1, answer: 'auto', defender: { dod: 2, autoDodge: 2 } })
    expect(bestAnswer(s, attackFromFace(s, 4))).toBe('auto-dodge')
  })

  it('the best answer is used and reported as automatic', () => {
    const s = strike({ str: 1, answer: 'auto', defender: both })
    const r = run(s, [2, 3])
    expect(r.targets[0]).toMatchObject({ defense: 'dodge', chosenBy: 'auto', defended: true })
  })

  it('no dodge without actions left; parry only in melee or with shields; roll with damage only vs missiles', () => {
    expect(availableAnswers(strike({ defender: { dod: 1, par: 1, rol: 1, actions: 0 } }))).toEqual(['none'])
    expect(
      availableAnswers(
        strike({ defender: { dod: 1, par: 1, rol: 1, parryAllowed: true, rollWithAllowed: true } }),
      ),
    ).toEqual(['none', 'parry', 'roll-with', 'dodge'])
  })

  it('ranking gives each option its exact chance against the roll', () => {
    const s = strike({ str: 1, answer: 'auto', defender: { dod: 1, rol: 2, rollWithAllowed: true } })
    const ranked = rankAnswers(s, attackFromFace(s, 4)) // total 5
    const dodge = ranked.find((o) => o.answer === 'dodge')!
    const roll = ranked.find((o) => o.answer === 'roll-with')!
    expect(dodge.pSuccess).toBeCloseTo(3 / 6, 12) // needs 4+ on d6 + 1 >= 5
    expect(dodge.expectedDamage).toBeCloseTo(4 * (3 / 6), 12)
    expect(roll.pSuccess).toBeCloseTo(4 / 6, 12) // needs 3+ on d6 + 2 >= 5
    expect(roll.expectedDamage).toBeCloseTo(2 * (4 / 6) + 4 * (2 / 6), 12)
    expect(ranked.map((o) => o.answer)).toEqual(['dodge', 'roll-with', 'none'])
  })

  it('in a terminal the resolution stops for the defender after the attack die', () => {
    const s = strike({ str: 1, answer: 'auto', askDecisions: true, defender: { dod: 1 } })
    expect(() => resolveStrike(new PhysicalDice([4, 5]), s)).toThrow(NeedDecision)
    const r = resolveStrike(new PhysicalDice([4, 5]), { ...s, decisions: { 'defense-1': 'dodge' } })
    expect(r.targets[0]).toMatchObject({ defense: 'dodge', chosenBy: 'prompt', defended: true })
  })

  it('physical dice that run out name the die still needed', () => {
    const s = strike({ answer: 'dodge', defender: { dod: 1 } })
    expect(() => resolveStrike(new PhysicalDice([4]), s)).toThrow(NeedDice)
    try {
      resolveStrike(new PhysicalDice([4]), s)
    } catch (e) {
      expect((e as NeedDice).label).toBe('dodge')
    }
  })
})

describe('pilot quality presets', () => {
  it('run Green to Legendary, never getting worse', () => {
    for (let i = 1; i < QUALITIES.length; i++) {
      const a = QUALITY_PRESETS[QUALITIES[i - 1]]
      const b = QUALITY_PRESETS[QUALITIES[i]]
      for (const k of ['act', 'str', 'par', 'dod', 'rol'] as const) expect(b[k]).toBeGreaterThanOrEqual(a[k])
    }
    expect(QUALITY_PRESETS.legendary.act).toBe(4)
    expect(QUALITY_PRESETS.green.act).toBe(2)
  })
})

describe('strike: HARM at a target that is not a radar', () => {
  it('a d6 of 4+ first: it flies at the nearest radar, nothing else is rolled and nothing happens here', () => {
    for (const face of [4, 5, 6]) {
      const r = run(strike({ str: 2, harmStray: true, knockdown: true }), [face])
      expect(r.harm).toEqual({ roll: face, retargeted: true })
      expect(r).toMatchObject({ targets: [], hit: false, defended: false, damage: 0 })
    }
  })

  it('on 1-3 it stays on the target, and the strike goes on as usual (no +2: that is HARM at a radar)', () => {
    const r = run(strike({ str: 0, harmStray: true }), [3, 2])
    expect(r.harm).toEqual({ roll: 3, retargeted: false })
    expect(r.targets[0].attack).toMatchObject({ roll: 2, modifier: 0, total: 2, hit: true })
    expect(r.damage).toBe(4)
  })

  it('an ordinary strike reports no HARM check', () => {
    expect(run(strike({ str: 0 }), [2]).harm).toBeNull()
  })
})

describe('strike: what the roll and the odds conclude alike', () => {
  it.each([
    // [what, targets hit, targets that answered successfully, defended]
    ['landed nowhere: nothing was defended', 0, 0, false],
    ['every landed strike answered', 2, 2, true],
    ['one of three landed strikes got through', 3, 2, false],
  ])('strikeDefended: %s', (_what, hit, answered, defended) => {
    expect(strikeDefended(hit, answered)).toBe(defended)
  })

  it('targetsAttacked: HARM that flies off at a radar attacks none of the targets', () => {
    expect(targetsAttacked({ targets: 1 }, { retargeted: true })).toBe(0)
    expect(targetsAttacked({ targets: 1 }, { retargeted: false })).toBe(1)
    expect(targetsAttacked({ targets: 3 }, null)).toBe(3)
  })
})
