/**
 * STARTING MOMENTUM (quickstart, "Momentum"; wargame rules, "Matching Points", "Defend the City",
 * unit upgrades and the Resourceful commander).
 *
 * Starting Momentum follows the game's points size: 500 points 3, 1000 points 5, 1500 points 7,
 * over 1500 points 9. In Defend the City | Rampage both sides start with 7 whatever the size.
 * Resourceful commanders add 1; each Widespread Havoc or Immensely Powerful upgrade takes 2
 * away. The pool never exceeds 10 (and cannot go below 0).
 *
 * Reading: the listed sizes are upper bounds (">1500" is the only open band), so a 750-point
 * game is in the 1000-point band and starts with 5.
 */
export const MOMENTUM_CAP = 10
export const RAMPAGE_MOMENTUM = 7
export const BANDS: ReadonlyArray<{ upTo: number; momentum: number }> = [
  { upTo: 500, momentum: 3 },
  { upTo: 1000, momentum: 5 },
  { upTo: 1500, momentum: 7 },
  { upTo: Infinity, momentum: 9 },
]

export interface MomentumStart {
  points?: number
  rampage: boolean
  resourceful: boolean
  /** Widespread Havoc / Immensely Powerful upgrades taken: -2 each. */
  upgrades: number
}

export interface MomentumPart {
  reason: string
  momentum: number
}

export interface MomentumResult {
  momentum: number
  parts: MomentumPart[]
  capped: boolean
}

export function startingMomentum(m: MomentumStart): MomentumResult {
  const parts: MomentumPart[] = []
  if (m.rampage)
    parts.push({ reason: 'Defend the City | Rampage: both sides start with 7', momentum: RAMPAGE_MOMENTUM })
  else {
    const band = BANDS.find((b) => m.points! <= b.upTo)!
    parts.push({
      reason: `${m.points} points (${band.upTo === Infinity ? 'over 1500' : `up to ${band.upTo}`})`,
      momentum: band.momentum,
    })
  }
  if (m.resourceful) parts.push({ reason: 'Resourceful commander', momentum: 1 })
  if (m.upgrades)
    parts.push({
      reason: `${m.upgrades} Widespread Havoc / Immensely Powerful upgrade${m.upgrades === 1 ? '' : 's'}`,
      momentum: -2 * m.upgrades,
    })
  const raw = parts.reduce((s, p) => s + p.momentum, 0)
  const momentum = Math.max(0, Math.min(MOMENTUM_CAP, raw))
  return { momentum, parts, capped: momentum !== raw }
}
