import { defineText, type RenderContext } from '../context.js'
import { type TraitEffect, type TraitEntry, type TraitSide, traitSides } from '../../rules/stellar/traits.js'
import { columns } from '../format.js'

/** A command's sides for a trait, short: atk, def, both, or - when it does nothing there. */
function sidesText(sides: TraitSide[]): string {
  if (sides.length === 2) return 'both'
  if (sides.length === 0) return '-'
  return sides[0] === 'attacker' ? 'atk' : 'def'
}

/** What a trait does, with its choices and its other names. */
function effectText(t: TraitEntry): string {
  const parts = [t.effect]
  if (t.choice) parts.push(`choice =${Object.keys(t.choice).join('|')}`)
  if (t.aliases.length) parts.push(`also ${t.aliases.join(', ')}`)
  return parts.join('; ')
}

/** The registry as a table: name, the side it works for in shoot and in melee, its effect. */
export function renderTraits(list: readonly TraitEntry[], out: RenderContext): string {
  const st = out.style
  const rows = [
    [st.bold('trait'), st.bold('shoot'), st.bold('melee'), st.bold('effect')],
    ...list.map((t) => [
      t.name,
      sidesText(traitSides(t, 'shoot')),
      sidesText(traitSides(t, 'melee')),
      effectText(t),
    ]),
  ]
  return [
    columns(rows, out.width),
    '',
    st.dim('Flags: shoot --trait and --def-trait NAME, melee --atk-trait and --def-trait.'),
    st.dim('A choice is NAME=CHOICE (none given: the first); every name above works.'),
  ].join('\n')
}

/** --explain: where each trait comes from and what each of its choices means. */
export function renderTraitChoices(list: readonly TraitEntry[], out: RenderContext): string {
  const L = [out.style.bold('Where they come from, and their choices')]
  for (const t of list) {
    L.push(`${t.name}: ${t.title}; ${t.from}.`)
    for (const [k, v] of Object.entries(t.choice ?? {})) L.push(`  ${t.name}=${k}: ${v}`)
  }
  return L.join('\n')
}

/**
 * The traits in effect and what each did, as lines heading an explanation ("the step that applied
 * it"): the registry's line for each, and the fields of the input it changed.
 */
export function traitEffectLines(effects: readonly TraitEffect[] | undefined): string[] {
  if (!effects?.length) return []
  return [
    'Traits in effect:',
    ...effects.map((e) => {
      const changed = Object.entries(e.changes).map(([k, v]) => `${k} ${changeText(v)}`)
      return `   ${e.trait} (${e.side}): ${e.effect}${changed.length ? ` [${changed.join(', ')}]` : ''}`
    }),
  ]
}

function changeText(v: unknown): string {
  if (typeof v === 'number') return v >= 0 ? `+${v}` : String(v)
  if (Array.isArray(v))
    return v
      .map((item) =>
        item && typeof item === 'object' && 'source' in item && 'amount' in item
          ? `+${String(item.amount)} (${String(item.source)})`
          : JSON.stringify(item),
      )
      .join(' ')
  return `= ${JSON.stringify(v)}`
}

/** The text of `traits` (src/models's model answers it). */
export const traitsText = defineText({
  render: (list: readonly TraitEntry[], _q, out) => renderTraits(list, out),
  explain: (list, _q, out) => renderTraitChoices(list, out),
})
