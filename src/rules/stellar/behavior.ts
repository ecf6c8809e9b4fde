import type { Dice } from '../../core/dice.js'

/**
 * ENEMY BEHAVIOUR TABLES (wargame rules, "Enemy Mecha Behavior Table" and "Kaiju Behavior
 * Table"): for solo and co-op play the Mission Commander rolls a d10 on the enemy's turn and
 * reads the column of the first situation that applies (left to right). Enemy Commanders and
 * units activated by Return Fire read a 1 as a 10. Units with Indirect Fire weapons ignore the
 * Hidden column and read Behind Cover instead.
 *
 * The tables are data: d10 bands (1, 2-9, 10) per situation, and an order per band.
 */
export type BehaviorTable = 'mecha' | 'kaiju'
export type MechaSituation = 'hidden' | 'hurt' | 'cover' | 'default'
export type KaijuSituation = 'far' | 'near'
export type Situation = MechaSituation | KaijuSituation

/** The behaviour die. */
export const BEHAVIOR_DIE = 10

export const SITUATIONS: Record<BehaviorTable, readonly Situation[]> = {
  mecha: ['hidden', 'hurt', 'cover', 'default'],
  kaiju: ['far', 'near'],
}

export const SITUATION_NAMES: Record<Situation, string> = {
  hidden: 'Hidden',
  hurt: 'HP under 50%',
  cover: 'behind cover with a target in range',
  default: 'default',
  far: 'enemy more than 10" away',
  near: 'enemy within 10"',
}

export type Order =
  | 'hold'
  | 'retreat'
  | 'hold-and-attack'
  | 'attack-and-retreat'
  | 'flank'
  | 'attack'
  | 'blitz'
  | 'last-stand'
  | 'finish-them'
  | 'retreat-and-rampage'
  | 'roaring-behemoth'

/** [order on a 1, order on 2-9, order on a 10] */
type Column = readonly [Order, Order, Order]

export const BEHAVIOR_TABLES: {
  mecha: Record<MechaSituation, Column>
  kaiju: Record<KaijuSituation, Column>
} = {
  mecha: {
    hidden: ['hold', 'flank', 'blitz'],
    hurt: ['retreat', 'attack-and-retreat', 'last-stand'],
    cover: ['hold-and-attack', 'hold-and-attack', 'last-stand'],
    default: ['attack-and-retreat', 'attack', 'finish-them'],
  },
  kaiju: {
    far: ['retreat-and-rampage', 'attack', 'blitz'],
    near: ['roaring-behemoth', 'attack', 'finish-them'],
  },
}

/** Each order in our own words: its name at the table and what the unit does. */
export const ORDERS: Record<Order, { name: string; text: string }> = {
  hold: { name: 'Hold', text: 'stays where it is this turn.' },
  retreat: { name: 'Retreat', text: 'falls back at Full Throttle, breaking line of sight if it can.' },
  'hold-and-attack': {
    name: 'Hold & Attack',
    text: 'stays where it is and makes a shooting and/or melee attack on the nearest enemy.',
  },
  'attack-and-retreat': {
    name: 'Attack & Retreat',
    text: 'makes a shooting and/or melee attack on the nearest enemy, then falls back at Full Throttle, breaking line of sight if it can.',
  },
  flank: {
    name: 'Flank',
    text: 'moves to gain Tactical Advantage, then attacks if it can; otherwise it uses Full Throttle.',
  },
  attack: { name: 'Attack!', text: 'makes a shooting and/or melee attack on the nearest enemy.' },
  blitz: { name: 'Blitz', text: 'gains Move+5" this turn and moves in to attack the nearest enemy.' },
  'last-stand': {
    name: 'Last Stand',
    text: 'stays where it is and attacks, with +1 hit on shooting and melee.',
  },
  'finish-them': {
    name: 'Finish Them!',
    text: 'gains +1 hit on shooting and melee, must move closer to the nearest enemy, and makes a melee attack if it can.',
  },
  'retreat-and-rampage': {
    name: 'Retreat & Rampage',
    text: 'falls back at Full Throttle, breaking line of sight if it can, and wrecks buildings on the way: Crash Through, shooting and/or melee attacks on them.',
  },
  'roaring-behemoth': {
    name: 'Roaring Behemoth!',
    text: 'stays where it is and roars at its enemies: its side gains 3 Momentum.',
  },
}

export interface BehaviorRoll {
  table: BehaviorTable
  situation: Situation
  /** Enemy Commander or a unit activated by Return Fire: a 1 reads as a 10. */
  oneIsTen: boolean
  /** The unit has Indirect Fire weapons: Hidden reads as Behind Cover. */
  indirect: boolean
}

export interface BehaviorResult {
  roll: number
  /** The result read on the table (a 1 becomes a 10 for commanders and Return Fire). */
  readAs: number
  /** The column actually read (Indirect Fire units read cover for hidden). */
  column: Situation
  order: Order
}

export function behaviorColumn(b: Pick<BehaviorRoll, 'table' | 'situation' | 'indirect'>): Situation {
  return b.table === 'mecha' && b.indirect && b.situation === 'hidden' ? 'cover' : b.situation
}

export function behaviorOrder(
  b: Pick<BehaviorRoll, 'table' | 'situation' | 'indirect'>,
  readAs: number,
): Order {
  const column = (BEHAVIOR_TABLES[b.table] as Record<string, Column>)[behaviorColumn(b)]
  return column[readAs <= 1 ? 0 : readAs >= 10 ? 2 : 1]
}

export function resolveBehavior(dice: Dice, b: BehaviorRoll): BehaviorResult {
  // Every face is its own class: the result shows the face as read (readAs), not only its band.
  const roll = dice.roll(BEHAVIOR_DIE, 'behaviour')
  const readAs = b.oneIsTen && roll === 1 ? 10 : roll
  return { roll, readAs, column: behaviorColumn(b), order: behaviorOrder(b, readAs) }
}

/** A behaviour roll as asked for: the table's roll, and why a 1 reads as 10 (for the text). */
export interface BehaviorRequest extends BehaviorRoll {
  commander: boolean
  returnFire: boolean
}
