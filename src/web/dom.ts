/** A few lines of DOM building: the page is small enough that a UI library would not pay. */

type Child = Node | string | null | undefined | false
type Attrs = Record<string, string | number | boolean | undefined | EventListener>

/** An element with attributes (`on…` ones are listeners; false/undefined ones left out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue
    if (typeof v === 'function') el.addEventListener(k.slice(2), v)
    else if (k === 'value' && 'value' in el) (el as HTMLInputElement).value = String(v)
    else if (k === 'checked' && 'checked' in el) (el as HTMLInputElement).checked = Boolean(v)
    else el.setAttribute(k, v === true ? '' : String(v))
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c)
  return el
}

/** An element by id (the page's skeleton has them all). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id)
  if (!el) throw new Error(`page: no #${id}`)
  return el as T
}

/** A chance as the CLI writes it: two decimals of a percent. */
export function pct(x: number): string {
  if (x > 0 && x < 0.00005) return '<0.01%'
  if (x < 1 && x > 0.99995) return '>99.99%'
  return `${(x * 100).toFixed(2)}%`
}

/** A mean as the CLI writes one: at most two decimals, no trailing zeros. */
export function num(x: number): string {
  return String(Number(x.toFixed(2)))
}

/** "attack.unblockedHits" → "attack: unblocked hits". */
export function words(name: string): string {
  return name
    .split('.')
    .map((p) => p.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase())
    .join(': ')
}
