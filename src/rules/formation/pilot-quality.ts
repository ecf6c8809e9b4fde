/**
 * PILOT QUALITY (formation rules, "Pilot Skills"): every card names a quality, Green to
 * Legendary, and a skill block of five values: ACT (actions per turn), STR (strike bonus), PAR
 * (parry), DOD (dodge) and ROL (roll with damage).
 *
 * Reading: the rules say the values come from the role-playing game's bonuses (divided by 3 and
 * rounded normally; actions halved and rounded down) but print no table. The presets below are
 * our own: typical RPG totals for a pilot of that experience, converted that way. A card's
 * printed values always win: explicit skill flags override the preset.
 */
export const QUALITIES = ['green', 'regular', 'veteran', 'elite', 'ace', 'legendary'] as const
export type Quality = (typeof QUALITIES)[number]

export interface SkillBlock {
  act: number
  str: number
  par: number
  dod: number
  rol: number
}

export const QUALITY_PRESETS: Record<Quality, SkillBlock> = {
  green: { act: 2, str: 0, par: 1, dod: 1, rol: 0 },
  regular: { act: 2, str: 1, par: 1, dod: 2, rol: 1 },
  veteran: { act: 3, str: 1, par: 2, dod: 2, rol: 1 },
  elite: { act: 3, str: 1, par: 2, dod: 3, rol: 1 },
  ace: { act: 3, str: 2, par: 3, dod: 3, rol: 2 },
  legendary: { act: 4, str: 2, par: 3, dod: 4, rol: 2 },
}

export function qualityName(q: Quality): string {
  return q[0].toUpperCase() + q.slice(1)
}
