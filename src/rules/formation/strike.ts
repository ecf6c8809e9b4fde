import { type Dice, atLeast } from '../../core/dice.js'
import { type Decidable, decision } from '../../core/decide.js'
import { Flow, type Stage } from '../../core/flow.js'
import { destroyNeeded } from './destroy-check.js'
import { jamStrPenalty } from './jam.js'

/**
 * STRIKE AND THE DEFENDER'S ANSWER (formation rules, "Pilot Skills", the combat paragraph at the
 * end, and the weapon traits Burst, AI, Accurate, Split fire, Knockdown, HARM, Volley, Melee;
 * damage boxes with `*`, vulnerable-spot numbers and the Zentraedi infantry rule).
 *
 * The attacker rolls a d6 and adds STR (plus Accurate, HARM against a radar, a vulnerable
 * spot's modifier and any jam penalty). A total of 2 or more hits; a natural 1 always misses and
 * a natural 6 always hits. Once hit, the target may answer with one d6: dodge (+DOD, spends an
 * action; or Auto-Dodge +N, free), parry (+PAR; in melee, or with parry shields against fire)
 * or roll with damage (+ROL; missiles only). The answer succeeds when its total equals or beats
 * the attack total: a dodge or parry avoids the hit, rolling with it halves the damage.
 *
 * Readings (each is listed in docs/formation.md):
 * - The defender answers after seeing the attack roll ("the target can then choose"), so the
 *   automatic answer is the best one against that roll, and the terminal prompt shows odds
 *   against it. Best = lowest chance of destruction, then least expected damage, then fewest
 *   expected actions lost (dodging, knockdown); ties go to the cheaper answer
 *   (none, Auto-Dodge, parry, roll with damage, dodge).
 * - "If all else fails, roll with damage" names the last resort, not a second roll: the defender
 *   makes one answer, with one d6, as the contract's dice order says.
 * - Parry costs no action (only dodging is said to).
 * - Burst N: one attack roll for up to N targets; against two or more targets each takes DMG/N
 *   (divided by N, not by the targets actually chosen, as the rule's example shows). A Burst
 *   weapon fired at a single target does its full DMG.
 * - Split fire N works "much like burst": DMG/N to each of two or more targets, but each target
 *   gets its own attack roll.
 * - Volley N: N shots (or missiles) per use, resolved with one attack roll and one answer;
 *   damage is DMG x N.
 * - Halving (non-AI weapons against infantry, rolling with damage) and dividing (Burst, Split
 *   fire) are applied together and the result rounded down once.
 * - Melee N+: the attack die's natural face must be N or more to do its single point of damage
 *   ("an unmodified 1d6" is the strike die before STR); it still has to hit and get through.
 * - A vulnerable spot's number is a penalty: it is subtracted whether typed as 2 or -2.
 * - Knockdown: a target that takes the hit (not dodged or parried; rolling with it still takes
 *   it) rolls a d6 and loses an action on 1-3, unless the hit destroyed it or it is infantry.
 * - `*` boxes: `starBoxes` counts boxes from where this damage starts crossing (1 = the next
 *   box). Each `*` the damage crosses calls for a d6; 6 or more (after the hero's modifier)
 *   destroys the unit, and no further rolls are made. No rolls when the damage alone destroys it.
 * - Zentraedi mecha: when the damage equals the boxes left exactly, the unit is destroyed and a
 *   Zentraedi infantry unit appears in its place next turn.
 * - Multi-target attacks use the same defender profile for every target.
 * - HARM fired at anything but a radar "ignores it on a 4+ and attacks the nearest radar
 *   instead": a d6 before the attack roll; on 4+ there is no attack on this target (the strike at
 *   the radar is another strike, with --harm). One check for the whole strike (a Volley's
 *   missiles fly together), and only at a single target.
 */

export type Answer = 'dodge' | 'auto-dodge' | 'parry' | 'roll-with' | 'none'
/** Every answer, cheapest first: the order ties are broken in. */
export const ANSWERS: readonly Answer[] = ['none', 'auto-dodge', 'parry', 'roll-with', 'dodge']
export type StrikeMode = 'single' | 'burst' | 'split'
export type ChosenBy = 'flag' | 'auto' | 'prompt' | 'default'

export interface DefenderProfile {
  /** Skill values; undefined when not known (then that answer is not offered automatically). */
  dod?: number
  par?: number
  rol?: number
  /** Auto-Dodge +N: a free dodge. */
  autoDodge?: number
  /** In melee, or the target has parry shields. */
  parryAllowed: boolean
  /** The incoming fire is a missile (rolling with damage only works against missiles). */
  rollWithAllowed: boolean
  /** Actions the defender has left this turn; 0 means it cannot dodge (Auto-Dodge is free). */
  actions?: number
}

export interface Strike extends Decidable {
  str: number
  accurate: number
  /** Vulnerable-spot modifier, already made a penalty (0 or less). */
  vulnerable: number
  /** HARM fired at a radar: +2. */
  harm: boolean
  /** HARM fired at a target that is not a radar: it may fly off at the nearest radar. */
  harmStray: boolean
  /** Jam counters on the attacker (STR -1/-2/-3). */
  jamCounters: number
  dmg: number
  volley: number
  meleePlus?: number
  melee: boolean
  missile: boolean
  mode: StrikeMode
  /** The Burst or Split fire number (1 for a single-target weapon). */
  spread: number
  targets: number
  ai: boolean
  vsInfantry: boolean
  knockdown: boolean
  defender: DefenderProfile
  /** The answer every target makes, or 'auto' (decided per target after its attack roll). */
  answer: Answer | 'auto'
  /** How a fixed answer was chosen ('flag', or 'default' when nothing is known of the defender). */
  answerBy?: ChosenBy
  boxes?: number
  zentraedi: boolean
  starBoxes: number[]
  destroyMod: number
}

export interface AttackRoll {
  roll: number
  modifier: number
  total: number
  hit: boolean
  /** A natural 1 or 6 decided it regardless of the total. */
  natural: 'miss' | 'hit' | null
}

export interface AnswerRoll {
  roll: number
  bonus: number
  total: number
  /** The natural d6 needed (1 or less: any roll; 7 or more: none). */
  needed: number
  success: boolean
}

export interface StarRoll {
  box: number
  roll: number
  destroyed: boolean
}

export interface TargetResult {
  target: number
  attack: AttackRoll
  hit: boolean
  defense: Answer
  chosenBy: ChosenBy
  defenseRoll: AnswerRoll | null
  defended: boolean
  halved: boolean
  actionSpent: boolean
  /** The strike was taken (landed and not dodged or parried). */
  connected: boolean
  /** Damage this target would take from a landed strike before any answer. */
  baseDamage: number
  damage: number
  starRolls: StarRoll[]
  /** null when nothing is known of the target's boxes. */
  destroyed: boolean | null
  destroyedBy: 'damage' | 'star' | null
  boxesLeft: number | null
  infantry: boolean
  knockdown: { roll: number; actionLost: boolean } | null
}

export interface StrikeResult {
  mode: StrikeMode
  modifier: number
  /** Empty when HARM flew off at a radar. */
  targets: TargetResult[]
  hit: boolean
  defended: boolean
  damage: number
  /** HARM at a target that is not a radar: the d6, and whether it flew off at a radar. */
  harm: HarmCheck | null
}

/** HARM fired at something other than a radar ignores it on this d6 or more. */
export const HARM_STRAY_ON = 4

export interface HarmCheck {
  roll: number
  retargeted: boolean
}

export function rollHarmCheck(dice: Dice): HarmCheck {
  const roll = dice.roll(6, `HARM: ignores this target on ${HARM_STRAY_ON}+`, atLeast(HARM_STRAY_ON))
  return { roll, retargeted: roll >= HARM_STRAY_ON }
}

/** What the defender is asked after an attack roll lands (a mid-resolution decision). */
export interface AnswerQuestion {
  target: number
  attack: AttackRoll
}

export const MAX_TARGETS = 10

/** Everything added to the attack d6: STR, Accurate, HARM, vulnerable spot, jam penalty. */
export function strikeModifier(s: Strike): number {
  return s.str + s.accurate + (s.harm ? 2 : 0) + s.vulnerable - jamStrPenalty(s.jamCounters)
}

/** 2+ hits; a natural 1 always misses, a natural 6 always hits. */
export function attackFromFace(s: Strike, roll: number): AttackRoll {
  const modifier = strikeModifier(s)
  const total = roll + modifier
  const natural = roll === 1 && total >= 2 ? 'miss' : roll === 6 && total < 2 ? 'hit' : null
  const hit = roll === 6 || (roll !== 1 && total >= 2)
  return { roll, modifier, total, hit, natural }
}

export function rollAttack(dice: Dice, s: Strike, label: string): AttackRoll {
  return attackFromFace(s, dice.roll(6, label))
}

export function answerBonus(s: Strike, a: Answer): number {
  const d = s.defender
  switch (a) {
    case 'dodge':
      return d.dod ?? 0
    case 'auto-dodge':
      return d.autoDodge ?? 0
    case 'parry':
      return d.par ?? 0
    case 'roll-with':
      return d.rol ?? 0
    case 'none':
      return 0
  }
}

/**
 * Rolling with damage "only works vs missiles": declared allowed (a missile, or chosen by flag)
 * and never against a melee blow. Against a melee blow the answer may still be named, and its die
 * is rolled, but it cannot succeed.
 */
export function rollWithWorks(s: Strike): boolean {
  return s.defender.rollWithAllowed && !s.melee
}

/** Answers open to the defender for the automatic choice, cheapest first ('none' always). */
export function availableAnswers(s: Strike): Answer[] {
  const d = s.defender
  return ANSWERS.filter((a) => {
    if (a === 'none') return true
    if (a === 'dodge') return d.dod !== undefined && d.actions !== 0
    if (a === 'auto-dodge') return d.autoDodge !== undefined
    if (a === 'parry') return d.par !== undefined && d.parryAllowed
    return d.rol !== undefined && rollWithWorks(s)
  })
}

/** Burst and Split fire divide the damage only when they are spread over two or more targets. */
export function spreadDivisor(s: Strike): number {
  return s.targets > 1 ? s.spread : 1
}

/** Damage of a landed strike before any answer, as a fraction (rounded down at the very end). */
export function damageFraction(s: Strike, attack: AttackRoll): { num: number; den: number } {
  const num = s.meleePlus !== undefined ? (attack.roll >= s.meleePlus ? 1 : 0) : s.dmg * s.volley
  const den = spreadDivisor(s) * (s.vsInfantry && !s.ai ? 2 : 1)
  return { num, den }
}

// ---------------------------------------------------------------------------------------------
// One target's flow, once its attack roll is known: the defender's answer (chosen, then its d6),
// the destruction rolls on `*` boxes, the knockdown roll. resolveStrike plays it with real dice;
// the odds fold it per attack face and add the targets up; the automatic answer scores each
// candidate by folding it with that answer fixed.

/**
 * What the later stages and every report read of a target so far (its dice are not read: states
 * that differ in faces alone merge).
 */
function targetKey(t: TargetResult): string {
  return `${t.hit} ${t.defended} ${t.connected} ${t.actionSpent} ${t.damage} ${t.destroyed} ${t.infantry} ${t.knockdown?.actionLost}`
}

/** The attack roll with the defender's answer chosen (none to a miss). */
interface Answered {
  attack: AttackRoll
  answer: Answer
  chosenBy: TargetResult['chosenBy']
}

/**
 * The defender's choice, a stage of its own before the answer's die: the exact driver walks it
 * once per attack roll (a stage's work before its first die is done again on every branch of its
 * dice, so choosing inside the answer stage ranked the answers once per face of the d6).
 */
function chooseStage(s: Strike, index: number): Stage<AttackRoll, Answered> {
  return {
    name: 'choice',
    run: (attack) => chooseAnswer(s, attack, index),
    key: (a) => `${a.attack.roll} ${a.answer} ${a.chosenBy}`,
  }
}

function chooseAnswer(s: Strike, attack: AttackRoll, index: number): Answered {
  if (!attack.hit)
    return { attack, answer: 'none', chosenBy: s.answer === 'auto' ? 'auto' : (s.answerBy ?? 'flag') }
  if (s.answer !== 'auto') return { attack, answer: s.answer, chosenBy: s.answerBy ?? 'flag' }
  const id = answerDecisionId(index)
  const asked = s.decisions !== undefined && Object.prototype.hasOwnProperty.call(s.decisions, id)
  const answer = decision<Answer>(
    s,
    id,
    { target: index + 1, attack } satisfies AnswerQuestion,
    bestAnswer(s, attack),
  )
  return { attack, answer, chosenBy: asked ? 'prompt' : 'auto' }
}

/** The answer stage: no answer to a miss; else the defender rolls its d6 for its answer, and takes what is left. */
function answerStage(s: Strike, index: number): Stage<Answered, TargetResult> {
  return { name: 'answer', run: (a, dice) => answerRun(dice, s, a, index), key: targetKey }
}

function answerRun(dice: Dice, s: Strike, chosen: Answered, index: number): TargetResult {
  const { attack, answer } = chosen
  const frac = damageFraction(s, attack)
  const base: TargetResult = {
    target: index + 1,
    attack,
    hit: attack.hit,
    defense: 'none',
    chosenBy: chosen.chosenBy,
    defenseRoll: null,
    defended: false,
    halved: false,
    actionSpent: false,
    connected: false,
    baseDamage: Math.floor(frac.num / frac.den),
    damage: 0,
    starRolls: [],
    destroyed: s.boxes !== undefined ? false : null,
    destroyedBy: null,
    boxesLeft: s.boxes ?? null,
    infantry: false,
    knockdown: null,
  }
  if (!attack.hit) return base
  base.defense = answer

  let success = false
  if (answer !== 'none') {
    const bonus = answerBonus(s, answer)
    const works = answer !== 'roll-with' || rollWithWorks(s)
    // an answer that cannot work needs a 7 on the d6
    const needed = works ? attack.total - bonus : 7
    // Every face its own class: the result shows the total, face + bonus.
    const roll = dice.roll(6, `${answerLabel(answer)}${targetTag(s, index)}`)
    success = roll >= needed
    base.defenseRoll = { roll, bonus, total: roll + bonus, needed, success }
    base.actionSpent = answer === 'dodge'
  }
  base.defended = success
  base.connected = !(success && answer !== 'roll-with')
  if (!base.connected) return base

  base.halved = success && answer === 'roll-with'
  const damage = Math.floor(frac.num / (frac.den * (base.halved ? 2 : 1)))
  base.damage = damage
  if (s.boxes !== undefined) {
    base.boxesLeft = Math.max(0, s.boxes - damage)
    if (damage >= s.boxes) {
      base.destroyed = true
      base.destroyedBy = 'damage'
      base.infantry = s.zentraedi && damage === s.boxes
    }
  }
  return base
}

function targetTag(s: Strike, index: number): string {
  return s.targets > 1 ? ` (target ${index + 1})` : ''
}

/** The `*` boxes stage: a d6 for each one the damage crosses, until one destroys the unit. */
function starStage(s: Strike, index: number): Stage<TargetResult, TargetResult> {
  return {
    name: 'destruction rolls',
    run(t, dice) {
      if (!t.connected || t.destroyed) return t
      // The destruction roll's own threshold (destroy-check.ts): the natural face the pool
      // classes by and the check that decides are the one number.
      const destroyAt = destroyNeeded(s.destroyMod)
      const out: TargetResult = { ...t, starRolls: [] }
      for (const box of s.starBoxes) {
        if (box > t.damage) break
        const roll = dice.roll(6, `destruction roll (* box ${box})${targetTag(s, index)}`, atLeast(destroyAt))
        const destroyed = roll >= destroyAt
        out.starRolls.push({ box, roll, destroyed })
        if (destroyed) {
          out.destroyed = true
          out.destroyedBy = 'star'
          break
        }
      }
      return out
    },
    key: targetKey,
  }
}

/** The knockdown stage: a unit that took the hit and still stands keeps its action on a 4+. */
function knockdownStage(s: Strike, index: number): Stage<TargetResult, TargetResult> {
  return {
    name: 'knockdown',
    run(t, dice) {
      if (!s.knockdown || !t.connected || t.destroyed || s.vsInfantry) return t
      const roll = dice.roll(6, `knockdown${targetTag(s, index)}`, atLeast(KNOCKDOWN_KEEP))
      return { ...t, knockdown: { roll, actionLost: roll < KNOCKDOWN_KEEP } }
    },
    key: targetKey,
  }
}

/** One target's flow from its attack roll (target `index`, 0-based, for labels and prompts). */
export function targetFlow(s: Strike, index: number): Flow<AttackRoll, TargetResult> {
  return Flow.from<AttackRoll>((a) => a.roll)
    .then(chooseStage(s, index))
    .then(answerStage(s, index))
    .then(starStage(s, index))
    .then(knockdownStage(s, index))
}

/** A Split fire target's flow: its own attack roll, then targetFlow's stages. */
export function splitTargetFlow(s: Strike, index: number): Flow<Strike, TargetResult> {
  const label = s.targets > 1 ? `attack (target ${index + 1})` : 'attack'
  return Flow.from<Strike>(() => 0)
    .then<AttackRoll>({ name: 'attack', run: (st, dice) => rollAttack(dice, st, label), key: (a) => a.roll })
    .then(chooseStage(s, index))
    .then(answerStage(s, index))
    .then(starStage(s, index))
    .then(knockdownStage(s, index))
}

/** Knockdown: the hit unit keeps its action on a 4+. */
export const KNOCKDOWN_KEEP = 4

export function answerDecisionId(index: number): string {
  return `defense-${index + 1}`
}

export function answerLabel(a: Answer): string {
  return a === 'roll-with' ? 'roll with damage' : a === 'auto-dodge' ? 'auto-dodge' : a
}

/** Targets the strike is made at: every one, or none when HARM flew off at a radar. */
export function targetsAttacked(
  s: Pick<Strike, 'targets'>,
  harm: Pick<HarmCheck, 'retargeted'> | null,
): number {
  return harm?.retargeted ? 0 : s.targets
}

/** The strike landed: on at least one target. */
export function strikeHit(targetsHit: number): boolean {
  return targetsHit > 0
}

/** The strike landed and every target it landed on answered it successfully. */
export function strikeDefended(targetsHit: number, targetsDefended: number): boolean {
  return strikeHit(targetsHit) && targetsDefended === targetsHit
}

/** What a strike's opening leaves: the HARM check, the targets attacked, and the one attack roll they share (none for Split fire: each target rolls its own). */
export interface Opening {
  harm: HarmCheck | null
  attacked: number
  attack: AttackRoll | null
}

/** The strike's opening: the HARM check (HARM at a target that is not a radar), then the shared attack roll. */
export function openingFlow(s: Strike): Flow<Strike, Opening> {
  return Flow.from<Strike>(() => 0)
    .then<Opening>({
      name: 'HARM',
      run(st, dice) {
        const harm = st.harmStray ? rollHarmCheck(dice) : null
        return { harm, attacked: targetsAttacked(st, harm), attack: null }
      },
      key: (o) => o.attacked,
    })
    .then<Opening>({
      name: 'attack',
      run: (o, dice) =>
        s.mode === 'split' || o.attacked === 0 ? o : { ...o, attack: rollAttack(dice, s, 'attack') },
      key: (o) => `${o.attacked} ${o.attack?.roll}`,
    })
}

export function resolveStrike(dice: Dice, s: Strike): StrikeResult {
  const { harm, attacked, attack } = openingFlow(s).run(s, dice)
  const targets: TargetResult[] = []
  for (let i = 0; i < attacked; i++)
    targets.push(attack ? targetFlow(s, i).run(attack, dice) : splitTargetFlow(s, i).run(s, dice))
  const landed = targets.filter((t) => t.hit)
  return {
    mode: s.mode,
    modifier: strikeModifier(s),
    targets,
    hit: strikeHit(landed.length),
    defended: strikeDefended(landed.length, landed.filter((t) => t.defended).length),
    damage: targets.reduce((a, t) => a + t.damage, 0),
    harm,
  }
}

// ---------------------------------------------------------------------------------------------
// The defender's best answer against a known attack roll, worked out through resolveTarget.

export interface ScoredAnswer {
  answer: Answer
  bonus: number
  /** Chance the answer succeeds (avoids, or halves for roll with damage). */
  pSuccess: number
  expectedDamage: number
  pDestroyed: number
  /** Dodge's action plus the knockdown chance. */
  expectedActionsLost: number
}

/** The exact outcome of one answer against a known attack roll. */
export function scoreAnswer(s: Strike, attack: AttackRoll, answer: Answer): ScoredAnswer {
  const fixed: Strike = { ...s, answer, askDecisions: false }
  // The target's flow with this answer, folded and read by what the ranking weighs.
  const outcomes = targetFlow(fixed, 0).odds(
    attack,
    (r) => ({
      defended: r.defended,
      damage: r.damage,
      destroyed: r.destroyed,
      actionsLost: (r.actionSpent ? 1 : 0) + (r.knockdown?.actionLost ? 1 : 0),
    }),
    (o) => `${o.defended} ${o.damage} ${o.destroyed} ${o.actionsLost}`,
  )
  return {
    answer,
    bonus: answerBonus(s, answer),
    pSuccess: outcomes.where((o) => Boolean(o.defended)),
    expectedDamage: outcomes.expected((o) => o.damage),
    pDestroyed: outcomes.where((o) => Boolean(o.destroyed)),
    expectedActionsLost: outcomes.expected((o) => o.actionsLost),
  }
}

const EPS = 1e-12

/** Answers ranked best first for the defender (see the reading above); ties keep cheapest first. */
export function rankAnswers(
  s: Strike,
  attack: AttackRoll,
  options: Answer[] = availableAnswers(s),
): ScoredAnswer[] {
  const scored = options.map((a) => scoreAnswer(s, attack, a))
  const key = (x: ScoredAnswer) => [x.pDestroyed, x.expectedDamage, x.expectedActionsLost]
  return scored
    .map((x, i) => ({ x, i }))
    .sort((a, b) => {
      const ka = key(a.x)
      const kb = key(b.x)
      for (let j = 0; j < ka.length; j++) if (Math.abs(ka[j] - kb[j]) > EPS) return ka[j] - kb[j]
      return a.i - b.i
    })
    .map((e) => e.x)
}

export function bestAnswer(s: Strike, attack: AttackRoll): Answer {
  const options = availableAnswers(s)
  return options.length === 1 ? options[0] : rankAnswers(s, attack, options)[0].answer
}
