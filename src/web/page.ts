/**
 * The page: a command's form made from the library's option table, its exact odds asked of the
 * worker on every edit, the answer shown as the library gives it, the state kept in the link.
 */
import { byId, h, num, pct } from './dom.js'
import { buildForm, type RosterNames } from './form.js'
import {
  type LinkState,
  type Setup,
  deflateRoster,
  formatLink,
  inflateRoster,
  parseLink,
  requestOf,
} from './link.js'
import { COMMANDS, type CommandName, type Job, READY, type Reply, answerJob } from './worker.js'
import {
  choicesView,
  compareView,
  figuresOf,
  figuresView,
  headOf,
  keyFigures,
  matrixView,
  spreadOf,
  stepsView,
  tableView,
} from './view.js'
import { type Answer, type OddsTable, parseRoster } from '../api/index.js'

const NAMES = Object.keys(COMMANDS) as CommandName[]
/** Commands whose answer is a calculation of its own (no odds map): matrix. */
const CALCULATED: readonly CommandName[] = ['matrix']
/** Questions answered in a few milliseconds: on the page's thread while the worker starts. */
const LIGHT: readonly CommandName[] = ['shoot', 'save', 'roll']
/** Commands that name their units and cannot do without a roster. */
const ROSTER_ONLY: readonly CommandName[] = ['plan', 'matrix']

/** A first question for each command, so that the page answers something at once. */
const EXAMPLES: Record<CommandName, Record<string, string[]>> = {
  shoot: { acc: ['9'], evade: ['4'], shots: ['5'], dmg: ['300'], hp: ['1000'] },
  melee: {
    atkMelee: ['9'],
    atkPilot: ['1'],
    atkDmg: ['300'],
    atkPen: ['5'],
    defMelee: ['7'],
    defDmg: ['400'],
    defHp: ['2500'],
  },
  save: { pen: ['5'], armSv: ['2'], hits: ['4'] },
  roll: { expression: ['3d6'] },
  plan: {},
  matrix: {},
}

const STORE_KEY = 'mecha-roster'

interface Roster {
  text: string
  data: { units: Record<string, unknown> }
  names: RosterNames
  /** As the link carries it. */
  packed: string
}

const state = {
  command: 'shoot' as CommandName,
  setups: [] as Setup[],
  active: 0,
  seed: '',
  rolls: '',
  roster: undefined as Roster | undefined,
  /** The set-ups last shown per command, so that switching back keeps them. */
  kept: {} as Partial<Record<CommandName, Setup[]>>,
  table: 0,
  resultLine: '',
  /** A link's own error (an unknown command, a damaged roster), shown until the next edit. */
  linkError: '',
}

// ---------------------------------------------------------------------------------------------
// The worker: one question at a time, the latest edit waiting; a long one can be cancelled.

type Pending = { job: Job; t0: number; onReply: (r: Reply) => void }

class Asker {
  private worker?: Worker
  private busy?: Pending
  /** The latest question of each kind waiting (an edit replaces the one before it). */
  private readonly queued = new Map<Job['kind'], Pending>()
  private timer?: ReturnType<typeof setInterval>
  /** The worker could not start (no Worker here): answered on the page's thread instead. */
  private inline = false
  /** The worker has loaded its library (it takes ~1 s to start). */
  private ready = false

  constructor(private readonly code: string) {}

  private start(): Worker | undefined {
    if (this.inline || typeof Worker === 'undefined' || !this.code) return undefined
    try {
      // A data: URL: a page opened from disk may start a module worker from one, not from a blob:.
      const w = new Worker(`data:text/javascript;charset=utf-8,${encodeURIComponent(this.code)}`, {
        type: 'module',
      })
      w.onmessage = (e: MessageEvent<Reply | typeof READY>) => {
        if (e.data !== READY) return this.done(e.data)
        this.ready = true
        // For tests and bench/page.mjs: the page's questions now go to the worker.
        document.body.dataset.worker = 'ready'
      }
      w.onerror = () => {
        this.inline = true
        this.worker = undefined
        const again = this.busy
        this.busy = undefined
        if (again) this.send(again)
      }
      return w
    } catch {
      this.inline = true
      return undefined
    }
  }

  warm() {
    this.worker ??= this.start()
  }

  ask(job: Job, onReply: (r: Reply) => void) {
    const p = { job, t0: performance.now(), onReply }
    if (!this.busy) return this.send(p)
    this.queued.set(job.kind, p)
    // A question that has run for a while is given up for a newer one of its kind.
    if (this.busy.job.kind === job.kind && performance.now() - this.busy.t0 > 400) {
      this.stop()
      this.next()
    }
  }

  private send(p: Pending) {
    this.busy = p
    this.queued.delete(p.job.kind)
    this.worker ??= this.start()
    // Until the worker has started, a light question is answered here, at once; heavy ones wait.
    const light = LIGHT.includes(p.job.command) && p.job.requests.length === 1
    if (!this.worker || (!this.ready && light)) {
      setTimeout(async () => this.done(await answerJob(p.job)), 0)
      return
    }
    this.worker.postMessage(p.job)
    clearInterval(this.timer)
    this.timer = setInterval(() => this.progress(), 100)
  }

  private progress() {
    if (!this.busy) return
    const s = (performance.now() - this.busy.t0) / 1000
    if (s > 0.15) showProgress(`Working it out exactly… ${s.toFixed(1)} s`)
  }

  private done(reply: Reply) {
    const p = this.busy
    if (!p || reply.id !== p.job.id) return
    this.busy = undefined
    clearInterval(this.timer)
    hideProgress()
    // An answer already replaced by a newer question of its kind is not shown.
    if (!this.queued.has(p.job.kind)) p.onReply(reply)
    this.next()
  }

  private next() {
    const [first] = this.queued.values()
    if (first) this.send(first)
  }

  private stop() {
    this.worker?.terminate()
    this.worker = undefined
    this.ready = false
    delete document.body.dataset.worker
    this.busy = undefined
    clearInterval(this.timer)
    hideProgress()
  }

  /** Stop every question waiting or being worked out (the worker is ended; a fresh one starts). */
  cancel() {
    this.queued.clear()
    this.stop()
    byId('answer').classList.remove('stale')
    showStatus('Cancelled. Change a field to ask again.', false)
    this.warm()
  }
}

let asker: Asker
let jobId = 0
let editStart = 0

function showProgress(text: string) {
  byId('progress').hidden = false
  byId('progress-text').textContent = text
}

function hideProgress() {
  byId('progress').hidden = true
}

function showStatus(text: string, error: boolean) {
  const s = byId('status')
  s.textContent = text
  s.className = error ? 'error' : ''
}

// ---------------------------------------------------------------------------------------------
// The link

function linkState(): LinkState {
  const named = state.setups.some((s) => unitsOf(s.command).some((w) => s.values[w.key]?.length))
  return {
    setups: state.setups,
    seed: state.seed || undefined,
    rolls: state.rolls || undefined,
    roster: state.roster && (named || ROSTER_ONLY.includes(state.command)) ? state.roster.packed : undefined,
  }
}

function writeLink() {
  linkDue = undefined
  const link = formatLink(linkState())
  if (location.hash !== link) history.replaceState(null, '', link)
  ;(byId('link') as HTMLInputElement).value = location.href
}

/**
 * The link written after the answer is drawn: replacing the address costs Chromium ~1-20 ms (it
 * saves the form's state with it), which an edit's answer does not wait for. `linkDue` is the
 * address when it was asked for: one changed meanwhile (a link opened) is not written over.
 */
let linkDue: string | undefined
function writeLinkSoon() {
  if (linkDue !== undefined) return
  const due = (linkDue = location.hash)
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (linkDue === due && location.hash === due) writeLink()
      else linkDue = undefined
    }),
  )
}

async function loadLink() {
  const link = parseLink(location.hash)
  state.linkError = ''
  if (link.roster) {
    try {
      await useRoster(await inflateRoster(link.roster), false)
    } catch (e) {
      state.linkError = e instanceof Error ? e.message : String(e)
    }
  }
  const first = link.setups[0]?.command
  if (first !== undefined && !NAMES.includes(first as CommandName))
    state.linkError = `"${first}" is not a command of this page; give one of ${NAMES.join(', ')} (#shoot?acc=9&evade=4…)`
  const command = NAMES.includes(first as CommandName) ? (first as CommandName) : 'shoot'
  state.command = command
  state.setups =
    link.setups.length && first === command
      ? link.setups.map((s) => ({ command, values: s.values }))
      : [{ command, values: structuredClone(EXAMPLES[command]) }]
  state.active = 0
  state.seed = link.seed ?? ''
  state.rolls = link.rolls ?? ''
  byId<HTMLInputElement>('seed').value = state.seed
  byId<HTMLInputElement>('rolls').value = state.rolls
  byId('roll-text').textContent = ''
  drawAll()
  if (state.seed || state.rolls) rollNow()
}

// ---------------------------------------------------------------------------------------------
// The roster

function namesOf(data: { units: Record<string, unknown> }): RosterNames {
  const units = Object.entries(data.units ?? {}).map(([key, u]) => {
    const weapons = (u as { weapons?: Record<string, { melee?: boolean }> }).weapons ?? {}
    return { key, weapons: Object.entries(weapons).map(([w, x]) => ({ key: w, melee: x?.melee === true })) }
  })
  return { units }
}

/** Check a roster's text with the library and keep it (in the browser's storage too). */
async function useRoster(text: string, store: boolean) {
  const data = parseRoster(text)
  state.roster = { text, data, names: namesOf(data), packed: await deflateRoster(data) }
  if (store) {
    try {
      localStorage.setItem(STORE_KEY, text)
    } catch {
      // storage refused (private mode): the roster still works until the page closes
    }
  }
  ;(byId('roster-text') as HTMLTextAreaElement).value = text
  drawRosterStatus('')
}

function drawRosterStatus(error: string) {
  const r = state.roster
  byId('roster-summary').textContent = r
    ? `Roster: ${r.names.units.length} unit${r.names.units.length === 1 ? '' : 's'}`
    : 'Roster: none (units by number)'
  const s = byId('roster-status')
  s.className = error ? 'error' : ''
  s.textContent =
    error ||
    (r
      ? `Units: ${r.names.units.map((u) => u.key).join(', ')}`
      : 'Paste a roster (YAML or JSON) or open its file.')
}

async function rosterFromText(text: string) {
  try {
    await useRoster(text, true)
    drawForm()
    changed()
  } catch (e) {
    drawRosterStatus(e instanceof Error ? e.message : String(e))
  }
}

// ---------------------------------------------------------------------------------------------
// Drawing

function drawAll() {
  for (const b of document.querySelectorAll<HTMLButtonElement>('#commands button'))
    b.setAttribute('aria-pressed', String(b.dataset.command === state.command))
  drawForm()
  ask()
}

function drawForm() {
  const setup = state.setups[state.active]
  const c = COMMANDS[state.command]
  byId('form').replaceChildren(
    buildForm({
      command: state.command,
      options: c.options,
      units: unitsOf(state.command),
      setup,
      roster: state.roster?.names,
      changed,
    }),
  )
  const tabs = byId('setup-tabs')
  tabs.hidden = state.setups.length < 2
  tabs.replaceChildren(
    ...state.setups.map((_, i) =>
      h(
        'button',
        {
          type: 'button',
          'aria-pressed': String(i === state.active),
          onclick: () => {
            state.active = i
            drawForm()
            ask()
          },
        },
        `Set-up ${letter(i)}`,
      ),
    ),
  )
  byId('remove-setup').hidden = state.setups.length < 2
  byId('roll-section').hidden = CALCULATED.includes(state.command)
  byId('compare-choices').hidden = !('compare' in COMMANDS[state.command])
  byId('need-roster').hidden = !(ROSTER_ONLY.includes(state.command) && !state.roster)
}

/** A command's unit words (none for those that take no units by name). */
const unitsOf = (name: string) => COMMANDS[name as CommandName]?.units ?? []

const letter = (i: number) => String.fromCharCode(65 + i)

/** A field changed: the odds, then the link (written while the worker works the odds out). */
function changed() {
  state.linkError = ''
  editStart = performance.now()
  ask()
}

/** The characters a line of the text has room for, measured again only when the window resizes. */
let columns = 0
function textWidth(): number {
  if (columns) return columns
  const pre = byId('summary')
  const probe = h('span', { class: 'mono' }, 'MMMMMMMMMM')
  pre.append(probe)
  const w = probe.getBoundingClientRect().width / 10
  probe.remove()
  const width = pre.clientWidth || 600
  columns = Math.max(36, Math.min(100, Math.floor(width / (w || 8)) - 1))
  return columns
}

function requests(): Array<Record<string, unknown>> {
  return state.setups.map((s) => requestOf(s, state.roster?.data))
}

/** A question about the set-ups as they stand now. */
function jobOf(kind: Job['kind'], more: Partial<Job> = {}): Job {
  return {
    id: ++jobId,
    kind,
    command: state.command,
    requests: requests(),
    active: state.active,
    width: textWidth(),
    explain: false,
    ...more,
  }
}

function ask() {
  const job = jobOf('odds', { explain: (byId('explain') as HTMLDetailsElement).open })
  byId('answer').classList.add('stale')
  asker.ask(job, (r) => showOdds(r))
  writeLinkSoon()
}

function showOdds(reply: Reply) {
  byId('answer').classList.remove('stale')
  document.body.dataset.answered = String(reply.id)
  if (editStart) document.body.dataset.editMs = (performance.now() - editStart).toFixed(1)
  if (reply.ok) document.body.dataset.workMs = reply.ms.toFixed(1)
  if (!reply.ok) {
    showStatus(reply.message, true)
    byId('glance').textContent = reply.message
    byId('answer').classList.add('failed')
    state.resultLine = ''
    return
  }
  byId('answer').classList.remove('failed')
  showStatus(state.linkError, state.linkError !== '')
  const { answer, text, head = [], svg, tables } = reply.shown
  ;(byId('download-csv') as HTMLButtonElement).disabled = !tables?.length
  // What was resolved and the choices made (the text's opening lines; the figures show the rest).
  byId('summary').textContent = head.join('\n')
  const figures = figuresOf(answer)
  byId('figures').replaceChildren(...figuresView(figures))
  const glance = figures.slice(0, 2)
  byId('glance').replaceChildren(
    ...glance.flatMap((f, i) => [i ? ' · ' : '', `${f.label}: `, h('strong', {}, f.text)]),
  )
  byId('chart').innerHTML = svg ? svg.replace(/^<\?xml[^>]*>\s*/, '') : ''
  const svgEl = byId('chart').querySelector('svg')
  svgEl?.setAttribute('role', 'img')
  svgEl?.setAttribute('aria-label', `Chart of the odds: ${head[0] ?? ''}; the numbers are in the table below`)
  drawTables(tables ?? [])
  const choices = choicesView(answer)
  byId('choices').replaceChildren(
    ...(choices ? [h('h3', {}, 'Choices, and how they were made'), choices] : []),
  )
  const extra =
    state.command === 'matrix' ? matrixView(answer) : state.command === 'plan' ? stepsView(answer) : null
  byId('extra').replaceChildren(...(extra ? [extra] : []))
  byId('explain-text').textContent = text && byId('explain').hasAttribute('open') ? text : ''
  drawSideBySide(answer, reply.others)
  const main = figures.filter((f) => f.main).map((f) => `${f.label.toLowerCase()} ${f.text}`)
  const rest = figures.filter((f) => !f.main).map((f) => `${f.label.toLowerCase()} ${f.text}`)
  state.resultLine = `${head[0] || `mecha ${state.command}`}: ${[...main, ...rest].join(', ')}${cliLine()}`
  if ((byId('compare-choices') as HTMLDetailsElement).open) askCompare()
}

function drawTables(tables: OddsTable[]) {
  const pick = byId<HTMLSelectElement>('table-pick')
  if (state.table >= tables.length) state.table = 0
  pick.replaceChildren(
    ...tables.map((t, i) => h('option', { value: String(i), selected: i === state.table }, t.name)),
  )
  byId('table-controls').hidden = tables.length === 0
  const t = tables[state.table]
  if (!t) {
    byId('table').replaceChildren()
    byId('spread').textContent = ''
    return
  }
  byId('table').replaceChildren(tableView(t))
  const spread = spreadOf(t)
  byId('spread').replaceChildren(
    ...(spread
      ? [
          h('span', {}, `${t.name}: mean `),
          h('output', { 'data-key': 'mean', 'data-value': String(spread.mean) }, num(spread.mean)),
          h('span', {}, ', standard deviation '),
          h(
            'output',
            { 'data-key': 'deviation', 'data-value': String(spread.deviation) },
            num(spread.deviation),
          ),
        ]
      : []),
  )
  drawTables.last = tables
}
drawTables.last = [] as OddsTable[]

/** Set-ups side by side: each one's chance to destroy and expected damage, the best marked. */
function drawSideBySide(active: Answer, others: Array<Answer | { error: string }>) {
  const box = byId('side-by-side')
  if (state.setups.length < 2) return box.replaceChildren()
  const rows = others.map((o, i) => (i === state.active ? active : o))
  const figures = rows.map((r) => ('command' in r ? keyFigures(r as Answer) : undefined))
  // The best: the likeliest to destroy, then the most expected damage.
  let best = -1
  figures.forEach((f, i) => {
    if (!f) return
    const b = best >= 0 ? figures[best]! : undefined
    const better =
      !b ||
      (f.destroyed ?? -1) > (b.destroyed ?? -1) ||
      ((f.destroyed ?? -1) === (b.destroyed ?? -1) && (f.damage ?? -1) > (b.damage ?? -1))
    if (better) best = i
  })
  box.replaceChildren(
    h(
      'table',
      { class: 'numbers' },
      h('caption', {}, 'Set-ups side by side (the best marked: likeliest to destroy, then most damage)'),
      headOf('set-up', 'destroyed', 'expected damage'),
      h(
        'tbody',
        {},
        ...rows.map((r, i) => {
          const f = figures[i]
          return h(
            'tr',
            { class: i === best ? 'best' : undefined },
            h(
              'th',
              { scope: 'row' },
              `${letter(i)}: ${describe(state.setups[i])}`,
              i === best ? h('strong', {}, ' (best)') : null,
            ),
            f
              ? h(
                  'td',
                  { 'data-value': String(f.destroyed ?? '') },
                  f.destroyed === undefined ? '–' : pct(f.destroyed),
                )
              : h('td', { colspan: 2, class: 'error' }, (r as { error: string }).error),
            f
              ? h(
                  'td',
                  { 'data-value': String(f.damage ?? '') },
                  f.damage === undefined ? '–' : num(f.damage),
                )
              : null,
          )
        }),
      ),
    ),
  )
}

/** A set-up in a few words: the keys in which the set-ups differ, as a link gives them. */
function describe(s: Setup): string {
  const text = (x: Setup, k: string) => (x.values[k] ?? []).join(',')
  const keys = [...new Set(state.setups.flatMap((x) => Object.keys(x.values)))]
  const differ = keys.filter((k) => state.setups.some((x) => text(x, k) !== text(s, k)))
  return differ.map((k) => `${k}=${text(s, k) || '–'}`).join(' ') || 'the same'
}

/** The same question on the command line, for the result line. */
function cliLine(): string {
  const s = state.setups[state.active]
  const c = COMMANDS[state.command]
  const units = unitsOf(state.command)
  const words: string[] = []
  for (const w of units) for (const v of s.values[w.key] ?? []) if (v) words.push(v)
  for (const o of c.options)
    for (const v of s.values[o.key] ?? [])
      if (v === '') continue
      else if (o.positional) words.push(quote(v))
      else if (o.kind === 'bool') words.push(v === 'true' ? o.flag : '')
      else words.push(o.flag, quote(v))
  if (words.some((w, i) => i < units.length && w) && state.roster) words.push('--roster', 'roster.yaml')
  return ` (mecha ${state.command} ${words.filter(Boolean).join(' ')}${CALCULATED.includes(state.command) ? '' : ' --odds'})`
}

const quote = (v: string) => (/^[\w.,:/+-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`)

function askCompare() {
  const job = jobOf('compare')
  const box = byId('compare-body')
  box.classList.add('stale')
  asker.ask(job, (r) => {
    box.classList.remove('stale')
    box.replaceChildren(
      r.ok ? compareView(r.shown.answer) : h('p', { class: 'error', role: 'alert' }, r.message),
    )
  })
}

function rollNow() {
  const rolls = byId<HTMLInputElement>('rolls').value.trim()
  const seed = byId<HTMLInputElement>('seed').value.trim()
  state.rolls = rolls
  state.seed = rolls ? '' : seed
  const job = jobOf('roll', { dice: rolls ? { rolls } : seed ? { seed } : undefined, explain: true })
  const out = byId('roll-text')
  out.classList.add('stale')
  asker.ask(job, (r) => {
    out.classList.remove('stale')
    if (!r.ok) {
      out.textContent = ''
      byId('roll-status').textContent = r.message
      byId('roll-status').className = 'error'
      return
    }
    byId('roll-status').textContent = ''
    byId('roll-status').className = ''
    out.textContent = r.shown.text ?? ''
    const seedUsed = r.shown.answer.seed
    if (!rolls && typeof seedUsed === 'string') {
      state.seed = seedUsed
      byId<HTMLInputElement>('seed').value = seedUsed
    }
    writeLink()
    state.resultLine = (r.shown.text ?? '')
      .split('\n')
      .filter((l) => l.trim())
      .join(' | ')
  })
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    // No clipboard permission (some browsers from disk): the old way, through a selection.
    const area = h('textarea', { class: 'offscreen' }, text)
    document.body.append(area)
    area.select()
    document.execCommand('copy')
    area.remove()
  }
  byId('share-status').textContent = `${what} copied.`
}

/** The odds shown as CSV (`--odds --csv`), worked out when asked for, then saved as a file. */
function download() {
  const job = jobOf('csv')
  asker.ask(job, (r) => {
    if (!r.ok || !r.shown.csv) return showStatus(r.ok ? 'No odds to download.' : r.message, true)
    const a = h('a', {
      href: URL.createObjectURL(new Blob([r.shown.csv], { type: 'text/csv' })),
      download: `mecha-${state.command}-odds.csv`,
    })
    document.body.append(a)
    a.click()
    a.remove()
  })
}

/** Wire the skeleton's controls and answer the link. */
export async function startPage(code: string) {
  asker = new Asker(code)
  asker.warm()
  byId('commands').replaceChildren(
    ...NAMES.map((n) =>
      h(
        'button',
        {
          type: 'button',
          'data-command': n,
          onclick: () => {
            state.kept[state.command] = state.setups
            state.command = n
            state.setups = state.kept[n] ?? [{ command: n, values: structuredClone(EXAMPLES[n]) }]
            state.active = 0
            state.table = 0
            byId('roll-text').textContent = ''
            byId('extra').replaceChildren()
            editStart = performance.now()
            drawAll()
          },
        },
        n,
      ),
    ),
  )
  byId('add-setup').onclick = () => {
    state.setups.push({ command: state.command, values: structuredClone(state.setups[state.active].values) })
    state.active = state.setups.length - 1
    drawForm()
    changed()
  }
  byId('remove-setup').onclick = () => {
    state.setups.splice(state.active, 1)
    state.active = Math.max(0, state.active - 1)
    drawForm()
    changed()
  }
  byId('cancel').onclick = () => asker.cancel()
  byId('roll').onclick = () => rollNow()
  byId('new-seed').onclick = () => {
    byId<HTMLInputElement>('seed').value = ''
    byId<HTMLInputElement>('rolls').value = ''
    rollNow()
  }
  byId('table-pick').onchange = (e) => {
    state.table = Number((e.target as HTMLSelectElement).value)
    drawTables(drawTables.last)
  }
  for (const r of document.querySelectorAll<HTMLInputElement>('input[name=view]'))
    r.onchange = () => (byId('chart').dataset.view = r.value)
  byId('explain').addEventListener('toggle', () => {
    if ((byId('explain') as HTMLDetailsElement).open) ask()
  })
  byId('compare-choices').addEventListener('toggle', () => {
    if ((byId('compare-choices') as HTMLDetailsElement).open) askCompare()
  })
  byId('copy-link').onclick = () => {
    writeLink()
    return copy(location.href, 'Link')
  }
  byId('copy-result').onclick = () => copy(state.resultLine, 'Result line')
  byId('download-csv').onclick = () => download()
  byId('roster-use').onclick = () => rosterFromText(byId<HTMLTextAreaElement>('roster-text').value)
  byId('roster-forget').onclick = () => {
    state.roster = undefined
    localStorage.removeItem(STORE_KEY)
    byId<HTMLTextAreaElement>('roster-text').value = ''
    drawRosterStatus('')
    drawForm()
    changed()
  }
  byId<HTMLInputElement>('roster-file').onchange = async (e) => {
    const file = (e.target as HTMLInputElement).files?.[0]
    if (file) await rosterFromText(await file.text())
  }
  window.addEventListener('resize', () => (columns = 0))
  window.addEventListener('hashchange', () => {
    if (location.hash !== formatLink(linkState())) void loadLink()
  })
  const stored = (() => {
    try {
      return localStorage.getItem(STORE_KEY)
    } catch {
      return null
    }
  })()
  if (stored) {
    try {
      await useRoster(stored, false)
    } catch {
      // a stored roster the library no longer takes: forgotten quietly, pasted again when needed
    }
  }
  drawRosterStatus('')
  await loadLink()
}
