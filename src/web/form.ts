/**
 * A command's form, made from the library's option table: one native control per option, each
 * with its label and the option's own description, the common ones first and the rest folded
 * away; a roster's unit names as their own fields when one is loaded. The form holds text exactly
 * as a link does (a set-up's values): it checks nothing, the library does.
 */
import { h } from './dom.js'
import type { OptionInfo, UnitWordInfo } from '../api/index.js'
import type { Setup } from './link.js'

/** The options shown unfolded, by command: what a table asks most (the rest: "More options"). */
const COMMON: Record<string, readonly string[]> = {
  shoot: ['acc', 'evade', 'shots', 'dmg', 'pen', 'armSv', 'hp', 'bonus', 'defense'],
  melee: [
    'atkMelee',
    'atkDmg',
    'atkPen',
    'atkPilot',
    'defMelee',
    'defDmg',
    'defPen',
    'defArmSv',
    'defHp',
    'atkSplit',
    'defSplit',
    'defChoice',
  ],
  save: ['pen', 'armSv', 'hits'],
  roll: ['expression'],
  plan: ['hp', 'need'],
  matrix: ['vs', 'side'],
}

/** A roster's units and their weapons, for the unit fields' suggestions. */
export interface RosterNames {
  units: Array<{ key: string; weapons: Array<{ key: string; melee: boolean }> }>
}

export interface FormOptions {
  command: string
  options: readonly OptionInfo[]
  units: readonly UnitWordInfo[]
  setup: Setup
  roster?: RosterNames
  /** Called after any field changed the set-up's values. */
  changed(): void
}

let fieldCount = 0
const fieldId = (key: string) => `f-${key}-${++fieldCount}`

/** The label's text: the key as a link writes it, the flag as the CLI does. */
function labelOf(o: { key: string; flag: string; required?: string }): HTMLElement {
  return h(
    'span',
    { class: 'name' },
    h('code', {}, o.key),
    o.flag.replace(/^--/, '') !== o.key ? h('span', { class: 'flag' }, ` ${o.flag}`) : null,
    o.required ? h('span', { class: 'req', title: 'required' }, ' *') : null,
  )
}

function placeholderOf(o: OptionInfo): string {
  if (o.choice) return 'auto'
  if (o.default !== undefined && o.default !== false) return String(o.default)
  if (o.kind === 'int' && (o.min !== undefined || o.max !== undefined)) return `${o.min ?? ''}–${o.max ?? ''}`
  return o.placeholder ?? ''
}

/** One option's control (or, repeatable, a list of them with add/remove). */
function optionField(o: OptionInfo, setup: Setup, changed: () => void): HTMLElement {
  const id = fieldId(o.key)
  const desc = h('small', { id: `${id}-d`, class: 'desc' }, o.description)
  const set = (values: string[]) => {
    if (values.some((v) => v !== '')) setup.values[o.key] = values
    else delete setup.values[o.key]
    changed()
  }
  const current = setup.values[o.key] ?? []
  if (o.kind === 'bool') {
    const box = h('input', {
      type: 'checkbox',
      id,
      name: o.key,
      'aria-describedby': `${id}-d`,
      checked: current[0] === 'true',
      onchange: (e: Event) => set((e.target as HTMLInputElement).checked ? ['true'] : []),
    })
    return h('div', { class: 'field check' }, box, h('label', { for: id }, labelOf(o)), desc)
  }
  const control = (value: string, onValue: (v: string) => void, i: number): HTMLElement => {
    const cid = i === 0 ? id : `${id}-${i}`
    if (o.kind === 'enum') {
      const values = (o.values ?? []).filter((v) => v !== 'auto')
      return h(
        'select',
        {
          id: cid,
          name: o.key,
          'aria-describedby': `${id}-d`,
          onchange: (e: Event) => onValue((e.target as HTMLSelectElement).value),
        },
        h(
          'option',
          { value: '' },
          o.choice ? 'auto' : o.default ? `${String(o.default)} (default)` : '(not given)',
        ),
        ...values.map((v) => h('option', { value: v, selected: v === value }, v)),
        // A value the table does not know stays shown, so that the library can name it.
        value && !values.includes(value) ? h('option', { value, selected: true }, value) : null,
      )
    }
    const list = o.suggestions?.length ? `${id}-l` : undefined
    return h('input', {
      id: cid,
      name: o.key,
      type: 'text',
      inputmode: o.kind === 'int' ? 'numeric' : undefined,
      autocomplete: 'off',
      spellcheck: 'false',
      placeholder: placeholderOf(o),
      list,
      value,
      'aria-describedby': `${id}-d`,
      oninput: (e: Event) => onValue((e.target as HTMLInputElement).value),
    })
  }
  const datalist = o.suggestions?.length
    ? h('datalist', { id: `${id}-l` }, ...o.suggestions.map((v) => h('option', { value: v })))
    : null
  if (!o.repeatable) {
    return h(
      'div',
      { class: 'field' },
      h('label', { for: id }, labelOf(o)),
      control(current[0] ?? '', (v) => set([v]), 0),
      datalist,
      desc,
    )
  }
  // A repeatable option: one control per value, in order, and a button for another.
  const values = current.length ? [...current] : ['']
  const box = h('div', { class: 'repeat' })
  const draw = () => {
    box.replaceChildren(
      ...values.map((v, i) =>
        h(
          'div',
          { class: 'repeat-row' },
          control(v, (nv) => ((values[i] = nv), set(values)), i),
          values.length > 1
            ? h(
                'button',
                {
                  type: 'button',
                  class: 'small',
                  'aria-label': `remove ${o.key} ${i + 1}`,
                  onclick: () => (values.splice(i, 1), set(values), draw()),
                },
                '×',
              )
            : null,
        ),
      ),
      h(
        'button',
        { type: 'button', class: 'small', onclick: () => (values.push(''), draw(), focusLast(box)) },
        `+ another ${o.key}`,
      ),
    )
  }
  draw()
  return h('div', { class: 'field' }, h('label', { for: id }, labelOf(o)), box, datalist, desc)
}

function focusLast(box: HTMLElement) {
  const fields = box.querySelectorAll<HTMLElement>('input, select')
  fields[fields.length - 1]?.focus()
}

/** The unit words (attacker, defender…): text with the roster's names suggested. */
function unitField(w: UnitWordInfo, setup: Setup, roster: RosterNames, changed: () => void): HTMLElement {
  const o: OptionInfo = {
    key: w.key,
    flag: w.key,
    kind: 'string',
    description: `${w.usage}: ${w.description}`,
    repeatable: w.repeatable,
  }
  const names = roster.units.flatMap((u) => [
    u.key,
    ...(w.weapons
      ? u.weapons
          .filter((x) => w.weapons === 'any' || (w.weapons === 'melee') === x.melee)
          .map((x) => `${u.key}:${x.key}`)
      : []),
  ])
  return optionField({ ...o, suggestions: names }, setup, changed)
}

/** The whole form of one set-up. */
export function buildForm(f: FormOptions): HTMLElement {
  const common = new Set(COMMON[f.command] ?? [])
  const first = f.options.filter((o) => common.has(o.key) || o.required)
  const rest = f.options.filter((o) => !first.includes(o))
  const field = (o: OptionInfo) => optionField(o, f.setup, f.changed)
  const known = new Set([...f.options.map((o) => o.key), ...f.units.map((w) => w.key as string)])
  const strays = Object.keys(f.setup.values).filter((k) => !known.has(k))
  const more = h(
    'details',
    { class: 'more' },
    h('summary', {}, `More options (${rest.length})`),
    h('div', { class: 'grid' }, ...rest.map(field)),
  )
  if (rest.some((o) => f.setup.values[o.key]?.some((v) => v !== ''))) more.open = true
  return h(
    'div',
    { class: 'form' },
    f.roster && f.units.length
      ? h(
          'fieldset',
          { class: 'units' },
          h('legend', {}, 'Units by name (from the roster; the options below win)'),
          h('div', { class: 'grid' }, ...f.units.map((w) => unitField(w, f.setup, f.roster!, f.changed))),
        )
      : null,
    h('div', { class: 'grid' }, ...first.map(field)),
    rest.length ? more : null,
    strays.length
      ? h(
          'fieldset',
          { class: 'strays' },
          h('legend', {}, 'Keys from the link this command does not take'),
          ...strays.map((k) =>
            h(
              'div',
              { class: 'field' },
              h('code', {}, `${k}=${f.setup.values[k].join(',')}`),
              h(
                'button',
                {
                  type: 'button',
                  class: 'small',
                  onclick: (e: Event) => {
                    delete f.setup.values[k]
                    ;(e.target as HTMLElement).parentElement?.remove()
                    f.changed()
                  },
                },
                `remove ${k}`,
              ),
            ),
          ),
        )
      : null,
  )
}
