import { InputError } from '../../core/errors.js'
import {
  ACTION_COSTS,
  ELIMINATED_AT,
  KIND_NAMES,
  MAX_ACTIONS,
  MAX_SUPPRESSION,
  type UnitKind,
} from './units.js'

/**
 * TURN PLAN (seed 003: its sections on activation, the actions on offer, moving, shooting,
 * suppression and recovering from it, target locks and repairs). No dice: the
 * arithmetic of spending a turn's action points and the limits on what a unit may do.
 *
 * Units activate one at a time, in the order given, each finishing before the next starts. A
 * unit takes at most 3 actions, costing 1, 2 and 4 points. An action that costs more than the
 * points left does not fit, and neither do that unit's later ones (they cost more still); the
 * next unit may still afford its cheap first action.
 *
 * Limits checked (a plan breaking one is an input error naming the unit and the rule):
 * - moves are consecutive; heavy mechs and tracks move at most once; gun sentries never move;
 * - heavy mechs take at most 2 shooting actions, every other unit 1; once a unit has shot it may
 *   only shoot again;
 * - drones (air units) move before any other action;
 * - gun sentries never lock a target; gun sentries and drones never repair; one repair per
 *   turn, and only with 2 or more damage when the damage is given;
 * - a unit carrying suppression markers spends one recover action per marker before anything else.
 *
 * Readings:
 * - Suppressive fire is a shooting action: it counts against the shooting limit, and after it
 *   the unit may only shoot.
 * - One recover action removes one suppression marker; with 2 markers the unit recovers twice
 *   before doing anything else. When the markers are given and the plan lists fewer recover
 *   actions than markers, the missing recover actions are put in front (marked `added`). When
 *   the markers are not given, each listed recover action stands for one marker.
 * - A suppressed drone recovers first, then makes its required move.
 * - Gun sentries are stationary defences, so any move action for one is rejected.
 * - Drones are not limited to one move (only heavy mechs and tracks are).
 * - Units are activated in the order listed; "what fits" spends the points greedily in that order.
 */
export type ActionName = 'move' | 'shoot' | 'suppress' | 'lock' | 'repair' | 'recover' | 'special'

export const ACTION_NAMES: readonly ActionName[] = [
  'move',
  'shoot',
  'suppress',
  'lock',
  'repair',
  'recover',
  'special',
]

const ACTION_ALIASES: Record<string, ActionName> = {
  'target-lock': 'lock',
  'suppressive-fire': 'suppress',
}

const KIND_ALIASES: Record<string, UnitKind> = {
  light: 'light',
  heavy: 'heavy',
  tracks: 'tracks',
  tracked: 'tracks',
  drone: 'drone',
  sentry: 'sentry',
  'gun-sentry': 'sentry',
}

export interface UnitPlan {
  kind: UnitKind
  /** Suppression markers at the start of the turn; undefined: one per listed recover action. */
  suppression?: number
  /** Damage carried, to check repairs; undefined: not checked. */
  damage?: number
  actions: ActionName[]
}

export interface TurnPlanInput {
  actionPoints: number
  units: UnitPlan[]
}

export interface PlannedAction {
  action: ActionName
  /** 1st, 2nd or 3rd action of the unit. */
  order: number
  cost: number
  fits: boolean
  /** A recover action the plan put in because the unit is suppressed. */
  added?: boolean
}

export interface PlannedUnit {
  unit: number
  kind: UnitKind
  suppression: number
  damage: number | null
  actions: PlannedAction[]
  /** Points all its wanted actions would cost. */
  cost: number
  /** Points actually spent on it. */
  spent: number
  /** Points left after its activation. */
  left: number
  fits: boolean
}

export interface TurnPlan {
  actionPoints: number
  units: PlannedUnit[]
  /** Points everything asked for would cost. */
  cost: number
  spent: number
  left: number
  allFit: boolean
  /** More points needed to fit everything (0 when it all fits). */
  short: number
  notFitted: Array<{ unit: number; action: ActionName; cost: number }>
  /** What the actions that fit do to the markers and dice to come. */
  tally: {
    shots: number
    suppressiveFire: number
    targetLocks: number
    repairs: number
    suppressionRemoved: number
    moves: number
  }
  notes: string[]
}

export const MAX_UNITS = 20
export const MAX_ACTION_POINTS = 100

/** Cost of the unit's n-th action (1-based). */
export function actionCost(order: number): number {
  return ACTION_COSTS[order - 1]
}

function isShooting(a: ActionName): boolean {
  return a === 'shoot' || a === 'suppress'
}

/** Shooting actions a unit of this kind may take in a turn. */
export function shootingLimit(kind: UnitKind): number {
  return kind === 'heavy' ? 2 : 1
}

/** Move actions a unit of this kind may take in a turn (Infinity: only the 3-action limit). */
export function moveLimit(kind: UnitKind): number {
  if (kind === 'sentry') return 0
  if (kind === 'heavy' || kind === 'tracks') return 1
  return Infinity
}

function unitName(i: number, u: UnitPlan): string {
  return `unit ${i + 1} (${KIND_NAMES[u.kind]})`
}

function illegal(i: number, u: UnitPlan, actions: ActionName[], why: string): InputError {
  return new InputError(
    'illegal-plan',
    `--unit: ${unitName(i, u)} cannot do ${actions.join(',') || 'that'}: ${why}`,
  )
}

/**
 * The actions a unit will take, recover actions put in front for its suppression markers,
 * checked against every limit. Throws InputError for a plan the rules forbid.
 */
export function unitActions(
  u: UnitPlan,
  i: number,
): { actions: ActionName[]; added: number; suppression: number } {
  const listed = u.actions
  const recovers = listed.filter((a) => a === 'recover').length
  const suppression = u.suppression ?? recovers
  if (suppression > MAX_SUPPRESSION)
    throw illegal(i, u, listed, `a unit carries at most ${MAX_SUPPRESSION} suppression markers`)
  let leading = 0
  while (leading < listed.length && listed[leading] === 'recover') leading++
  if (leading < recovers)
    throw illegal(i, u, listed, 'recovering from suppression comes before any other action')
  if (recovers > suppression) {
    throw illegal(
      i,
      u,
      listed,
      `${recovers} recover actions but only ${suppression} suppression marker${suppression === 1 ? '' : 's'} to remove`,
    )
  }
  const rest = listed.slice(leading)
  const added = rest.length > 0 ? suppression - recovers : 0
  const actions: ActionName[] = [...Array<ActionName>(added).fill('recover'), ...listed]
  if (actions.length > MAX_ACTIONS) {
    const why = added
      ? `with ${suppression} suppression marker${suppression === 1 ? '' : 's'} to recover from first, that makes ${actions.length} actions; a unit takes at most ${MAX_ACTIONS} per turn`
      : `a unit takes at most ${MAX_ACTIONS} actions per turn`
    throw illegal(i, u, listed, why)
  }

  const moves = rest.filter((a) => a === 'move').length
  if (moves > moveLimit(u.kind)) {
    throw illegal(
      i,
      u,
      listed,
      u.kind === 'sentry'
        ? 'gun sentries are fixed defences and never move'
        : 'heavy mechs and tracks make at most 1 move action per turn',
    )
  }
  if (moves > 1) {
    const first = rest.indexOf('move')
    if (rest.slice(first, first + moves).some((a) => a !== 'move'))
      throw illegal(i, u, listed, 'move actions must follow one another, with nothing in between')
  }
  if (u.kind === 'drone' && rest.length > 0 && rest[0] !== 'move')
    throw illegal(i, u, listed, 'an air unit must move before any other action')
  const shots = rest.filter(isShooting).length
  if (shots > shootingLimit(u.kind)) {
    throw illegal(
      i,
      u,
      listed,
      u.kind === 'heavy'
        ? 'heavy mechs take at most 2 shooting actions per turn (suppressive fire counts)'
        : 'only heavy mechs shoot twice; every other unit takes 1 shooting action per turn (suppressive fire counts)',
    )
  }
  const firstShot = rest.findIndex(isShooting)
  if (firstShot >= 0 && rest.slice(firstShot).some((a) => !isShooting(a)))
    throw illegal(i, u, listed, 'after shooting a unit may only shoot again')
  if (u.kind === 'sentry' && rest.includes('lock'))
    throw illegal(i, u, listed, 'gun sentries cannot place a target lock')
  const repairs = rest.filter((a) => a === 'repair').length
  if (repairs > 0) {
    if (u.kind === 'sentry') throw illegal(i, u, listed, 'gun sentries are fixed defences and cannot repair')
    if (u.kind === 'drone') throw illegal(i, u, listed, 'drones are air units and cannot repair')
    if (repairs > 1) throw illegal(i, u, listed, 'a unit makes at most 1 repair action per turn')
    if (u.damage !== undefined && u.damage < 2)
      throw illegal(i, u, listed, `repairs need 2 or more damage points (it has ${u.damage})`)
  }
  return { actions, added, suppression }
}

export function planTurn(p: TurnPlanInput): TurnPlan {
  let left = p.actionPoints
  let total = 0
  const notFitted: TurnPlan['notFitted'] = []
  const notes: string[] = []
  const tally = { shots: 0, suppressiveFire: 0, targetLocks: 0, repairs: 0, suppressionRemoved: 0, moves: 0 }
  const units = p.units.map((u, i): PlannedUnit => {
    const { actions, added, suppression } = unitActions(u, i)
    let unitFits = true
    let cost = 0
    let spent = 0
    const planned = actions.map((action, k): PlannedAction => {
      const c = actionCost(k + 1)
      cost += c
      const fits = unitFits && c <= left
      if (fits) {
        left -= c
        spent += c
        if (action === 'shoot') tally.shots++
        if (action === 'suppress') tally.suppressiveFire++
        if (action === 'lock') tally.targetLocks++
        if (action === 'repair') tally.repairs++
        if (action === 'recover') tally.suppressionRemoved++
        if (action === 'move') tally.moves++
      } else {
        unitFits = false
        notFitted.push({ unit: i + 1, action, cost: c })
      }
      const a: PlannedAction = { action, order: k + 1, cost: c, fits }
      if (k < added) a.added = true
      return a
    })
    total += cost
    const name = unitName(i, u)
    if (added)
      notes.push(
        `${name} carries ${suppression} suppression marker${suppression === 1 ? '' : 's'}: ${added === 1 ? 'a recover action was' : `${added} recover actions were`} put first.`,
      )
    const recovered = planned.filter((a) => a.action === 'recover' && a.fits).length
    if (suppression > recovered && planned.some((a) => a.action !== 'recover')) {
      notes.push(`${name} is still suppressed, so it cannot act until its markers come off.`)
    }
    if (u.kind === 'drone' && !planned.some((a) => a.action === 'move' && a.fits)) {
      notes.push(
        `${name} does not move this turn: it leaves the table and may return on a later turn anywhere on the battlefield.`,
      )
    }
    return {
      unit: i + 1,
      kind: u.kind,
      suppression,
      damage: u.damage ?? null,
      actions: planned,
      cost,
      spent,
      left,
      fits: unitFits,
    }
  })
  const spent = p.actionPoints - left
  notes.push('At the end of the turn every suppression and target-lock marker on your units is removed.')
  return {
    actionPoints: p.actionPoints,
    units,
    cost: total,
    spent,
    left,
    allFit: notFitted.length === 0,
    short: Math.max(0, total - p.actionPoints),
    notFitted,
    tally,
    notes,
  }
}

// ---------------------------------------------------------------------------------------------
// The unit text of `mining plan --unit`: units separated by "/" or ";", each
// "[attributes:] action,action,…", attributes a kind (light heavy tracks drone sentry),
// sN (suppression markers) and dN (damage), separated by spaces or "+".

export interface ParsedUnit {
  kind?: UnitKind
  suppression?: number
  damage?: number
  actions: ActionName[]
}

const ACTIONS_HINT = 'use move, shoot, suppress, lock, repair, recover or special'

/** `first`: the number of the first unit in `text` (when several --unit flags are given). */
export function parseUnits(text: string, flag = '--unit', first = 1): ParsedUnit[] {
  const pieces = text.split(/[/;]/)
  const numbered = pieces.length > 1 || first > 1
  return pieces.map((piece, i) => parseUnit(piece.trim(), flag, numbered ? ` (unit ${first + i})` : ''))
}

function parseUnit(piece: string, flag: string, where: string): ParsedUnit {
  if (piece === '')
    throw new InputError(
      'bad-unit',
      `${flag}: an empty unit${where}; give actions like move,shoot, units separated by "/"`,
    )
  const colon = piece.indexOf(':')
  const attrs = colon >= 0 ? piece.slice(0, colon) : ''
  const body = colon >= 0 ? piece.slice(colon + 1) : piece
  const unit: ParsedUnit = { actions: [] }
  for (const token of attrs.split(/[\s+,]+/).filter(Boolean)) {
    const t = token.toLowerCase()
    const m = /^([sd])=?(\d+)$/.exec(t)
    if (KIND_ALIASES[t]) {
      if (unit.kind && unit.kind !== KIND_ALIASES[t])
        throw new InputError(
          'bad-unit',
          `${flag}: "${piece}" names two kinds of unit${where}; give one of light, heavy, tracks, drone, sentry`,
        )
      unit.kind = KIND_ALIASES[t]
    } else if (m && m[1] === 's') {
      const n = Number(m[2])
      if (n > MAX_SUPPRESSION)
        throw new InputError(
          'bad-unit',
          `${flag}: ${token}${where}: a unit carries 0-${MAX_SUPPRESSION} suppression markers`,
        )
      unit.suppression = n
    } else if (m && m[1] === 'd') {
      const n = Number(m[2])
      if (n >= ELIMINATED_AT)
        throw new InputError(
          'bad-unit',
          `${flag}: ${token}${where}: a unit with ${ELIMINATED_AT} or more damage is eliminated; give d0-d${ELIMINATED_AT - 1}`,
        )
      unit.damage = n
    } else {
      throw new InputError(
        'bad-unit',
        `${flag}: "${token}"${where} is not a unit attribute; give a kind (light, heavy, tracks, drone, sentry), sN for suppression markers or dN for damage, e.g. "heavy s1: move,shoot"`,
      )
    }
  }
  for (const token of body.split(/[\s,]+/).filter(Boolean)) {
    const t = token.toLowerCase()
    const a = (ACTION_NAMES as readonly string[]).includes(t) ? (t as ActionName) : ACTION_ALIASES[t]
    if (!a) {
      const hint = KIND_ALIASES[t] ? `; put the kind before a colon, e.g. "${t}: move,shoot"` : ''
      throw new InputError('bad-unit', `${flag}: "${token}"${where} is not an action; ${ACTIONS_HINT}${hint}`)
    }
    unit.actions.push(a)
  }
  return unit
}
