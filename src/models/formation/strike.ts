import { modelOf } from '../../runtime/spec.js'
import type { Chances, OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import { type Quality } from '../../rules/formation/pilot-quality.js'
import {
  type Answer,
  type AnswerQuestion,
  type AnswerRoll,
  type AttackRoll,
  type ChosenBy,
  type HarmCheck,
  type ScoredAnswer,
  type StarRoll,
  type Strike,
  type StrikeMode,
  type StrikeResult,
  type TargetResult,
  answerBonus,
  damageFraction,
  rankAnswers,
  resolveStrike,
  spreadDivisor,
  strikeModifier,
} from '../../rules/formation/strike.js'
import { jamStrPenalty } from '../../rules/formation/jam.js'

/** What the text of a strike reads beside its answer, worked out here (never in the JSON). */
export interface StrikeTerms {
  /** Everything added to the attack d6 (strikeModifier); of it, the STR the jam counters take off. */
  modifier: number
  jamPenalty: number
  /** Burst or Split fire divides the damage (spread over two or more targets). */
  spread: boolean
  /** The bonus of the answer given (null: the best answer to each roll, or none). */
  answerBonus: number | null
}

function strikeTerms(s: Strike): StrikeTerms {
  return {
    modifier: strikeModifier(s),
    jamPenalty: s.jamCounters ? jamStrPenalty(s.jamCounters) : 0,
    spread: spreadDivisor(s) > 1,
    answerBonus: s.answer === 'auto' || s.answer === 'none' ? null : answerBonus(s, s.answer),
  }
}

/**
 * One strike, with its text's terms and the damage of a strike that gets through, as a fraction
 * (the first target's attack; null when HARM flew off and nothing was attacked).
 */
export type StrikeRoll = StrikeResult & {
  terms: StrikeTerms & { damage: { num: number; den: number } | null }
}
import { strikeOdds } from '../../rules/formation/strike-odds.js'
import { num, pct } from '../../core/numbers.js'

export interface StrikeRequest extends Strike {
  quality?: Quality
  defQuality?: Quality
  /** The answer is open and no flag settled it: ask in a terminal. */
  askAnswer: boolean
}

/** The defender's skills the strike was resolved with (null: not known). */
export interface FormationStrikeSkills {
  str: number
  dod: number | null
  par: number | null
  rol: number | null
  autoDodge: number | null
}

/** A strike's answer: with one target its own fields, with several the sums over them. */
export interface FormationStrikeFields {
  /** Landed before any answer (several targets: on at least one). */
  hit: boolean
  defended: boolean
  damage: number
  mode: StrikeMode
  /** The shared attack roll; null for a split strike at several targets (each rolls its own). */
  attack: AttackRoll | null
  modifier: number
  defense: Answer | 'mixed'
  chosenBy: ChosenBy
  /** One target only (else null). */
  defenseRoll: AnswerRoll | null
  halved: boolean
  actionSpent: boolean
  baseDamage: number
  /** One target only (else null). */
  knockdown: TargetResult['knockdown']
  /** One target: whether it was destroyed; several: how many; null when boxes are not known. */
  destroyed: boolean | number | null
  infantry: boolean
  targets: TargetResult[]
  skills: FormationStrikeSkills
  missile: boolean
  melee: boolean
  /** With `--harm-stray`: the HARM's d6 and whether it flew off at a radar. */
  harm?: HarmCheck | null
  /** One target only. */
  destroyedBy?: TargetResult['destroyedBy']
  boxesLeft?: number | null
  starRolls?: StarRoll[]
}

/** The `odds` of a strike, all but the means (`expected`, added last). */
export interface FormationStrikeOddsMaps {
  hit: Chances
  defended: Chances
  damage: Chances
  /** Several targets. */
  targetsHit?: Chances
  targetsDefended?: Chances
  /** With `--knockdown`. */
  knockdowns?: Chances
  /** With the defender's Dodge skill. */
  dodges?: Chances
  /** With the target's boxes or `*` boxes. */
  destroyed?: Chances
  /** Against Zentraedi (`--zentraedi`). */
  infantry?: Chances
  /** With `--harm-stray`: the chance the HARM flies off at a radar. */
  harmRetargeted?: number
}

export const strikeModel = modelOf<StrikeRequest, StrikeRoll>()({
  choose(s, ctx) {
    // The defender answers after seeing the attack roll: asked mid-way, in decide().
    if (s.answer === 'auto' && s.askAnswer && ctx.interactive)
      return Object.assign({}, s, { askDecisions: true })
    return s
  },
  async decide(id, context, s, ctx) {
    if (!id.startsWith('defense-')) throw new Error(`unknown decision ${id}`)
    const q = context as AnswerQuestion
    const ranked = rankAnswers(s, q.attack)
    const who = s.targets > 1 ? `Target ${q.target}: ` : ''
    const mod = q.attack.modifier
    return ctx.select<Answer>(
      `${who}the strike rolled ${q.attack.roll}${mod ? (mod > 0 ? ` + ${mod}` : ` - ${-mod}`) : ''} = ${q.attack.total} and hits. Defender's answer?`,
      ranked.map((o) => ({
        value: o.answer,
        label: answerOptionLabel(o.answer, o.bonus),
        hint: answerHint(o, s, q.attack),
      })),
      ranked[0].answer,
    )
  },
  resolve(dice, s) {
    const r = resolveStrike(dice, s)
    const first = r.targets[0]
    return Object.assign(r, {
      terms: { ...strikeTerms(s), damage: first ? damageFraction(s, first.attack) : null },
    })
  },
  replayFlags(_s, r) {
    // One flag answers for every target: given when the answers at the prompts were the same.
    const asked = [...new Set(r.targets.filter((t) => t.chosenBy === 'prompt').map((t) => t.defense))]
    return asked.length === 1 ? ['--defense', asked[0]] : []
  },
  json(r, s): FormationStrikeFields {
    if (r.harm?.retargeted) {
      // Nothing happened to this target: the same fields, all empty.
      return {
        hit: false,
        defended: false,
        damage: 0,
        mode: r.mode,
        attack: null,
        modifier: r.modifier,
        defense: 'none',
        chosenBy: s.answer !== 'auto' ? answerBy(s) : 'auto',
        defenseRoll: null,
        halved: false,
        actionSpent: false,
        baseDamage: 0,
        knockdown: null,
        destroyed: s.boxes !== undefined ? false : null,
        infantry: false,
        targets: [],
        skills: skillsUsed(s),
        missile: s.missile,
        melee: s.melee,
        destroyedBy: null,
        boxesLeft: s.boxes ?? null,
        starRolls: [],
        harm: r.harm,
      }
    }
    const first = r.targets[0]
    const out: FormationStrikeFields = {
      hit: r.hit,
      defended: r.defended,
      damage: r.damage,
      mode: r.mode,
      attack: r.mode === 'split' && s.targets > 1 ? null : first.attack,
      modifier: r.modifier,
      defense: s.answer !== 'auto' ? s.answer : summaryAnswer(r),
      chosenBy: s.answer !== 'auto' ? answerBy(s) : summaryChosen(r),
      defenseRoll: s.targets === 1 ? first.defenseRoll : null,
      halved: r.targets.some((t) => t.halved),
      actionSpent: r.targets.some((t) => t.actionSpent),
      baseDamage: first.baseDamage,
      knockdown: s.targets === 1 ? first.knockdown : null,
      destroyed:
        s.targets === 1
          ? first.destroyed
          : r.targets.some((t) => t.destroyed === null)
            ? null
            : r.targets.filter((t) => t.destroyed).length,
      infantry: r.targets.some((t) => t.infantry),
      targets: r.targets,
      skills: skillsUsed(s),
      missile: s.missile,
      melee: s.melee,
    }
    // Only with --harm-stray: recorded rulings of other strikes keep their exact fields.
    if (s.harmStray) out.harm = r.harm
    if (s.targets === 1) {
      out.destroyedBy = first.destroyedBy
      out.boxesLeft = first.boxesLeft
      out.starRolls = first.starRolls
    }
    return out
  },
  odds(s) {
    const o = strikeOdds(s)
    const json: FormationStrikeOddsMaps = {
      hit: o.hit.toJSON(),
      defended: o.defended.toJSON(),
      damage: o.damage.toJSON(),
    }
    if (s.targets > 1) {
      json.targetsHit = o.targetsHit.toJSON()
      json.targetsDefended = o.targetsDefended.toJSON()
    }
    if (s.knockdown) json.knockdowns = o.knockdowns.toJSON()
    if (s.defender.dod !== undefined) json.dodges = o.dodges.toJSON()
    if (s.boxes !== undefined || s.starBoxes.length) json.destroyed = o.destroyed.toJSON()
    if (s.zentraedi) json.infantry = o.infantry.toJSON()
    if (o.harmRetargeted !== null) json.harmRetargeted = o.harmRetargeted
    return {
      json: { ...json, expected: { ...o.expected } },
      extra: {
        modifier: strikeModifier(s),
        mode: s.mode,
        defense: s.answer,
        chosenBy: s.answer === 'auto' ? 'auto' : answerBy(s),
        skills: skillsUsed(s),
      },
      detail: [o, s, strikeTerms(s)] as const,
    }
  },
})

function summaryAnswer(r: StrikeResult): Answer | 'mixed' {
  const used = [...new Set(r.targets.filter((t) => t.hit).map((t) => t.defense))]
  if (used.length === 0) return 'none'
  return used.length === 1 ? used[0] : 'mixed'
}

function summaryChosen(r: StrikeResult): ChosenBy {
  return r.targets.some((t) => t.hit && t.chosenBy === 'prompt') ? 'prompt' : 'auto'
}

/** How a fixed answer was chosen: build() always says (the rule reads a missing one as a flag). */
function answerBy(s: StrikeRequest): ChosenBy {
  return s.answerBy ?? 'flag'
}

function skillsUsed(s: StrikeRequest): FormationStrikeSkills {
  return {
    str: s.str,
    dod: s.defender.dod ?? null,
    par: s.defender.par ?? null,
    rol: s.defender.rol ?? null,
    autoDodge: s.defender.autoDodge ?? null,
  }
}

export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`
}

/** The natural face an answer needs, as words. */
export function neededText(needed: number): string {
  if (needed <= 1) return 'any roll'
  if (needed > 6) return 'no roll (impossible)'
  return `${needed}+`
}

export function answerOptionLabel(a: Answer, bonus: number): string {
  switch (a) {
    case 'dodge':
      return `Dodge ${signed(bonus)} (spends an action)`
    case 'auto-dodge':
      return `Auto-Dodge ${signed(bonus)} (free)`
    case 'parry':
      return `Parry ${signed(bonus)}`
    case 'roll-with':
      return `Roll with damage ${signed(bonus)} (halves it)`
    case 'none':
      return 'No answer'
  }
}

/** The prompt's hint: the exact chance and expected damage against this attack roll. */
export function answerHint(o: ScoredAnswer, s: Strike, attack: AttackRoll): string {
  const parts: string[] = []
  if (o.answer !== 'none') {
    const verb = o.answer === 'roll-with' ? 'halves' : 'avoids'
    parts.push(`${verb} on ${neededText(attack.total - o.bonus)} (${pct(o.pSuccess)})`)
  }
  parts.push(`expected damage ${num(o.expectedDamage, 3)}`)
  if (s.boxes !== undefined || s.starBoxes.length) parts.push(`destroyed ${pct(o.pDestroyed)}`)
  return parts.join(', ')
}

/** `mecha formation strike … --json`, `formation.strike.resolve(…)`: one strike and its answers. */
export type FormationStrikeAnswer = RolledAnswerOf<'formation strike', typeof strikeModel>

/** `mecha formation strike … --odds --json`, `formation.strike.odds(…)`: the exact odds of a strike. */
export type FormationStrikeOdds = OddsAnswerOf<'formation strike', typeof strikeModel>
