/**
 * The page (dist/web/index.html, built by `npm test`'s build) in a real browser: Debian's
 * chromium driven by playwright-core, opened from file:// with every network request refused and
 * counted (any is a failure). Its numbers are compared with the library's answers to the same
 * requests, written here by hand as batch lines; a roster's with the CLI's by the same names.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deflateRoster } from '../../src/web/link.js'
import { mecha } from '../cli/in-process.js'

const PAGE = resolve('dist/web/index.html')
const URL_BASE = pathToFileURL(PAGE).href

/** Debian's chromium (.ci/run installs it), never a browser downloaded by playwright. */
function findChromium(): string | undefined {
  for (const name of ['chromium', 'chromium-browser']) {
    const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' })
    if (r.status === 0 && r.stdout.trim()) return r.stdout.trim()
  }
  return undefined
}
const chromium = findChromium()
if (!chromium) console.log('skipped: the page tests need chromium (apt-get install -y chromium)')

type Lib = Record<
  string,
  { odds(r: unknown): Record<string, unknown>; resolve(r: unknown, d?: unknown): Record<string, unknown> }
>
let lib: Lib
let browser: Browser
const dir = mkdtempSync(join(tmpdir(), 'mecha-web-'))
/** Requests that left the machine (or tried to): none may. */
const offsite: string[] = []

async function context(options: { width?: number; dark?: boolean } = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: { width: options.width ?? 1000, height: 900 },
    colorScheme: options.dark ? 'dark' : 'light',
  })
  // Untimed in effect, as every test (vitest.config.ts): no step of a page takes minutes, even on
  // a loaded machine, so a step still waiting after five is stuck, and fails naming what it waited
  // for (vitest's ten-minute limit would name only the test).
  ctx.setDefaultTimeout(300_000)
  await ctx.route('**/*', (route) => {
    const url = route.request().url()
    if (url.startsWith('file:') || url.startsWith('data:') || url.startsWith('blob:')) return route.continue()
    offsite.push(url)
    return route.abort()
  })
  return ctx
}

/** The number of answers the page has shown so far. */
const answered = (page: Page) => page.evaluate(() => Number(document.body.dataset.answered ?? 0))

/** Wait until the page shows an answer newer than `after`. */
async function nextAnswer(page: Page, after: number) {
  await page.waitForFunction((n) => Number(document.body.dataset.answered ?? 0) > n, after)
}

async function open(ctx: BrowserContext, hash: string): Promise<Page> {
  const page = await ctx.newPage()
  page.on('pageerror', (e) => offsite.push(`page error: ${e.message}`))
  await page.goto(`${URL_BASE}#${hash}`)
  await nextAnswer(page, 0)
  return page
}

/** Go to another link in the same page (as a user editing the address does) and wait for it. */
async function go(page: Page, hash: string) {
  const before = await answered(page)
  await page.evaluate((h) => (location.hash = h), hash)
  await nextAnswer(page, before)
}

/** The figures shown (data-value of each), and the status line. */
async function shown(
  page: Page,
): Promise<{ figures: number[]; status: string; table: Array<[string, number]> }> {
  return page.evaluate(() => ({
    figures: [...document.querySelectorAll('#figures output')].map((o) =>
      Number((o as HTMLElement).dataset.value),
    ),
    status: document.getElementById('status')!.textContent ?? '',
    table: [...document.querySelectorAll('#table tbody tr')].map(
      (tr) =>
        [
          tr.querySelector('th')!.textContent!,
          Number((tr.querySelector('td') as HTMLElement).dataset.value),
        ] as [string, number],
    ),
  }))
}

/** Every mean of an answer's odds, in the JSON's order (the page shows each). */
function expectedOf(answer: Record<string, unknown>): number[] {
  const out: number[] = []
  const visit = (v: unknown) => {
    if (typeof v === 'number') out.push(v)
    else if (v && typeof v === 'object') Object.values(v).forEach(visit)
  }
  visit((answer.odds as Record<string, unknown>).expected)
  return out
}

/** The first distribution of an answer's odds, as [outcome, chance] in outcome order. */
function firstTable(answer: Record<string, unknown>): Array<[string, number]> {
  const odds = answer.odds as Record<string, unknown>
  let map: Record<string, number> | undefined
  const find = (v: unknown) => {
    if (map || !v || typeof v !== 'object') return
    const values = Object.values(v)
    if (values.length && values.every((x) => typeof x === 'number')) map = v as Record<string, number>
    else values.forEach(find)
  }
  for (const [k, v] of Object.entries(odds)) if (k !== 'expected') find(v)
  const rows = Object.entries(map!)
  const numeric = rows.every(([k]) => /^-?\d+\+?$/.test(k))
  if (numeric) rows.sort((a, b) => parseInt(a[0]) - parseInt(b[0]))
  return rows
}

/** Links written by hand, and the same request as a batch line would carry it. */
const LINKS: Array<[string, string, Record<string, unknown>]> = [
  ['shoot?acc=9&evade=4&shots=5&dmg=300', 'shoot', { acc: 9, evade: 4, shots: 5, dmg: 300 }],
  [
    'shoot?acc=9&evade=4&shots=5&dmg=300&hp=1000',
    'shoot',
    { acc: 9, evade: 4, shots: 5, dmg: 300, hp: 1000 },
  ],
  [
    'shoot?acc=9&evade=4&shots=5&dmg=300&pen=5&armSv=2',
    'shoot',
    { acc: 9, evade: 4, shots: 5, dmg: 300, pen: '5', armSv: 2 },
  ],
  [
    'shoot?acc=8&evade=6&shots=7&dmg=200&bonus=precision&defense=dodge',
    'shoot',
    { acc: 8, evade: 6, shots: 7, dmg: 200, bonus: 'precision', defense: 'dodge' },
  ],
  [
    'shoot?acc=10&evade=3&shots=4&dmg=800&pen=4&armSv=1&hp=2800&cover=true',
    'shoot',
    { acc: 10, evade: 3, shots: 4, dmg: 800, pen: '4', armSv: 1, hp: 2800, cover: true },
  ],
  [
    'shoot?acc=9&evade=4&shots=6&dmg=300&trait=gunnery-expert&blindside=true',
    'shoot',
    { acc: 9, evade: 4, shots: 6, dmg: 300, trait: ['gunnery-expert'], blindside: true },
  ],
  [
    'shoot?acc=9&evade=4&shots=5&dmg=300&shield=2&pilot=2&defPilot=1',
    'shoot',
    { acc: 9, evade: 4, shots: 5, dmg: 300, shield: 2, pilot: 2, defPilot: 1 },
  ],
  [
    'melee?atkMelee=9&atkPilot=1&atkDmg=300&atkPen=5&defMelee=7&defDmg=400&defHp=2500',
    'melee',
    { atkMelee: 9, atkPilot: 1, atkDmg: 300, atkPen: '5', defMelee: 7, defDmg: 400, defHp: 2500 },
  ],
  [
    'melee?atkMelee=6&atkDmg=400&defMelee=6&defDmg=300',
    'melee',
    { atkMelee: 6, atkDmg: 400, defMelee: 6, defDmg: 300 },
  ],
  [
    'melee?atkMelee=8&atkDmg=500&atkSplit=6%2F2&defMelee=5&defDmg=300&defChoice=guard&defHp=1500',
    'melee',
    { atkMelee: 8, atkDmg: 500, atkSplit: '6/2', defMelee: 5, defDmg: 300, defChoice: 'guard', defHp: 1500 },
  ],
  ['save?pen=5&hits=3', 'save', { pen: '5', hits: 3 }],
  ['save?pen=5&armSv=2&hits=4', 'save', { pen: '5', armSv: 2, hits: 4 }],
  ['save?pen=7S&armSv=1&hits=6&energy=true', 'save', { pen: '7S', armSv: 1, hits: 6, energy: true }],
  ['save?pen=4&armSv=3&hits=10&warship=true', 'save', { pen: '4', armSv: 3, hits: 10, warship: true }],
  ['roll?expression=3d6', 'roll', { expression: '3d6' }],
  ['roll?expression=4d6kh3', 'roll', { expression: '4d6kh3' }],
  ['roll?expression=2d10%2B5', 'roll', { expression: '2d10+5' }],
  ['roll?expression=6d10%3E%3D7', 'roll', { expression: '6d10>=7' }],
  ['roll?expression=d20', 'roll', { expression: 'd20' }],
  [
    'shoot?acc=7&evade=5&shots=10&dmg=100&rapidFire=2&hp=600',
    'shoot',
    { acc: 7, evade: 5, shots: 10, dmg: 100, rapidFire: 2, hp: 600 },
  ],
  [
    'melee?atkMelee=7&atkDmg=300&atkHp=2000&defMelee=8&defDmg=400&defHp=2000&blindside=true',
    'melee',
    { atkMelee: 7, atkDmg: 300, atkHp: 2000, defMelee: 8, defDmg: 400, defHp: 2000, blindside: true },
  ],
  ['save?pen=6P&armSv=2&hits=5&aoe=true', 'save', { pen: '6P', armSv: 2, hits: 5, aoe: true }],
]

const ROSTER = readFileSync('examples/roster.yaml', 'utf8')

type Json = Record<string, unknown>

describe.skipIf(!chromium)('the page in Chromium, from file://, offline', () => {
  let ctx: BrowserContext
  let page: Page

  beforeAll(async () => {
    expect(existsSync(PAGE), 'npm run build makes dist/web/index.html').toBe(true)
    lib = (await import(pathToFileURL(resolve('dist/api/index.js')).href)) as Lib
    const { chromium: driver } = await import('playwright-core')
    browser = await driver.launch({
      timeout: 0,
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      // playwright starts the browser with a fresh profile folder of its own, removed on close.
    })
    ctx = await context()
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'])
    page = await open(ctx, 'roll?expression=2d6')
  })

  afterAll(async () => {
    await browser?.close()
    rmSync(dir, { recursive: true, force: true })
    expect(offsite).toEqual([])
  })

  it('can be used with the keyboard alone: a whole question, asked and answered', async () => {
    // First, on the page as it opened (nothing focused yet).
    const kb = page
    // From the top of the page: Tab to the "save" command and press it.
    await kb.keyboard.press('Tab')
    for (let i = 0; i < 10; i++) {
      if ((await kb.evaluate(() => (document.activeElement as HTMLElement).dataset.command)) === 'save') break
      await kb.keyboard.press('Tab')
    }
    const before = await answered(kb)
    await kb.keyboard.press('Enter')
    await nextAnswer(kb, before)
    // Tab on to the pen field, and type into it and the hits field.
    for (let i = 0; i < 20; i++) {
      await kb.keyboard.press('Tab')
      if ((await kb.evaluate(() => (document.activeElement as HTMLInputElement).name)) === 'pen') break
    }
    await kb.keyboard.press('Control+A')
    await kb.keyboard.type('6')
    for (let i = 0; i < 6; i++) {
      await kb.keyboard.press('Tab')
      if ((await kb.evaluate(() => (document.activeElement as HTMLInputElement).name)) === 'hits') break
    }
    await kb.keyboard.press('Control+A')
    await kb.keyboard.type('5')
    await kb.waitForFunction(() => location.hash === '#save?pen=6&armSv=2&hits=5')
    await kb.waitForFunction(
      (want) => document.querySelector('#figures output')?.getAttribute('data-value') === want,
      String(expectedOf(lib.save.odds({ pen: '6', armSv: 2, hits: 5 }))[0]),
    )
    expect(await kb.evaluate(() => location.hash)).toBe('#save?pen=6&armSv=2&hits=5')
  })

  it.each(LINKS)('#%s shows the library’s numbers', async (link, command, request) => {
    await go(page, link)
    const answer = lib[command].odds(request)
    const s = await shown(page)
    expect(s.status).toBe('')
    expect(s.figures).toEqual(expect.arrayContaining(expectedOf(answer)))
    expect(s.figures.length).toBe(expectedOf(answer).length)
    expect(s.table).toEqual(firstTable(answer))
  })

  it('checks a link with the library’s messages', async () => {
    await go(page, 'shoot?acc=99&evade=4&shots=5&dmg=300')
    let message = ''
    try {
      lib.shoot.odds({ acc: '99', evade: '4', shots: '5', dmg: '300' })
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toMatch(/"acc"/)
    expect((await shown(page)).status).toBe(message)
    await go(page, 'shot?acc=9')
    expect((await shown(page)).status).toMatch(/"shot" is not a command of this page/)
    await go(page, 'shoot?acc=9&evade=4&shots=5&dmg=300&colour=red')
    expect((await shown(page)).status).toMatch(/"colour" is not an option of shoot/)
  })

  it('updates the odds when a field is edited, with nothing above or beside them moving', async () => {
    await go(page, 'shoot?acc=9&evade=4&shots=5&dmg=300&hp=1000')
    const places = () =>
      page.evaluate(() =>
        ['input[name=shots]', '#glance', '#figures', '#chart', '#table-controls'].map((q) => {
          const r = document.querySelector(q)!.getBoundingClientRect()
          return `${q} ${r.x},${r.y} ${r.width}x${q === '#chart' || q === '#figures' ? r.height : 0}`
        }),
      )
    const where = await places()
    // Each field named by its key, and by its flag where the command line writes it otherwise.
    const labels = await page.$$eval('#form label', (ls) => ls.map((l) => l.textContent))
    expect(labels).toEqual(expect.arrayContaining(['acc *', 'evade', 'armSv --arm-sv']))
    // Every option of the command has its control (the rest folded under "More options").
    const names = await page.$$eval('#form [name]', (els) => [
      ...new Set(els.map((e) => e.getAttribute('name'))),
    ])
    const options = (lib.shoot as unknown as { options: Array<{ key: string }> }).options
    expect(names.sort()).toEqual(options.map((o) => o.key).sort())
    const before = await answered(page)
    await page.fill('input[name=shots]', '7')
    await nextAnswer(page, before)
    expect(await places()).toEqual(where)
    // What was resolved and the choices made: the opening lines of the command line's text.
    const text = lib.text as unknown as { odds(c: unknown, r: unknown): Promise<{ head: string[] }> }
    const { head } = await text.odds(lib.shoot, { acc: 9, evade: 4, shots: 7, dmg: 300, hp: 1000 })
    expect(head.length).toBe(2)
    expect(await page.textContent('#summary')).toBe(head.join('\n'))
    const s = await shown(page)
    expect(s.figures).toEqual(
      expect.arrayContaining(expectedOf(lib.shoot.odds({ acc: 9, evade: 4, shots: 7, dmg: 300, hp: 1000 }))),
    )
    expect(await page.evaluate(() => location.hash)).toBe('#shoot?acc=9&evade=4&shots=7&dmg=300&hp=1000')
    console.log(`page: an edit answered in ${await page.evaluate(() => document.body.dataset.editMs)} ms`)
  })

  it('rolls with a seed from the link, with the walk-through and the replay line', async () => {
    await go(page, 'shoot?acc=9&evade=4&shots=5&dmg=300&seed=demo')
    await page.waitForFunction(() =>
      (document.getElementById('roll-text')!.textContent ?? '').includes('replay'),
    )
    const text = await page.textContent('#roll-text')
    const answer = lib.shoot.resolve({ acc: 9, evade: 4, shots: 5, dmg: 300 }, { seed: 'demo' })
    expect(text).toContain(`Damage: ${answer.damage as number}`)
    expect(text).toContain('seed demo (replay: --seed demo)')
  })

  it('rolls the dice typed in', async () => {
    await go(page, 'save?pen=5&armSv=2&hits=4&rolls=1,6,7')
    await page.waitForFunction(() =>
      (document.getElementById('roll-text')!.textContent ?? '').includes('dice: 1,6,7'),
    )
    const cli = mecha([
      'save',
      '--pen',
      '5',
      '--arm-sv',
      '2',
      '--hits',
      '4',
      '--rolls',
      '1,6,7',
      '--no-color',
    ])
    const first = cli.stdout.split('\n')[0]
    expect(await page.textContent('#roll-text')).toContain(first)
  })

  it('fits 360 px, light and dark, with no sideways scrolling', async () => {
    const narrow = await context({ width: 360 })
    const p = await open(narrow, 'shoot?acc=9&evade=4&shots=5&dmg=300&hp=1000')
    await p.click('#compare-choices summary')
    await p.waitForSelector('#compare-body table')
    // Every option of the open choices, as --odds --compare ranks them, the best marked.
    const compare = (lib.shoot as unknown as { compare(r: unknown): { compare: Json[] } }).compare({
      acc: 9,
      evade: 4,
      shots: 5,
      dmg: 300,
      hp: 1000,
    }).compare
    const rows = await p.$$eval('#compare-body table', (tables) =>
      tables.map((t) => [...t.querySelectorAll('tbody th')].map((th) => th.textContent)),
    )
    expect(rows).toEqual(
      compare.map((c) => (c.options as Json[]).map((o) => `${String(o.label)}${o.best ? ' (best)' : ''}`)),
    )
    expect(compare.length).toBeGreaterThan(0)
    expect(rows.flat().filter((r) => r?.endsWith(' (best)')).length).toBe(compare.length)
    for (const dark of [false, true]) {
      await p.emulateMedia({ colorScheme: dark ? 'dark' : 'light' })
      const overflow = await p.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBe(0)
      const background = await p.evaluate(() => getComputedStyle(document.body).backgroundColor)
      expect(background === 'rgb(22, 23, 26)').toBe(dark)
      await p.screenshot({ path: join(dir, `page-360-${dark ? 'dark' : 'light'}.png`), fullPage: true })
    }
    await narrow.close()
  })

  it('copies its link, and the link opens the same question', async () => {
    const p = page
    await go(p, 'melee?atkMelee=9&atkDmg=300&defMelee=7&defDmg=400')
    const before = await answered(p)
    await p.fill('input[name=defHp]', '1800')
    await nextAnswer(p, before)
    await p.click('#copy-link')
    await p.waitForFunction(() => document.getElementById('share-status')!.textContent === 'Link copied.')
    const link = await p.evaluate(() => navigator.clipboard.readText())
    expect(link).toBe(`${URL_BASE}#melee?atkMelee=9&atkDmg=300&defMelee=7&defDmg=400&defHp=1800`)
    const figures = (await shown(p)).figures
    const again = await ctx.newPage()
    await again.goto(link)
    await nextAnswer(again, 0)
    expect((await shown(again)).figures).toEqual(figures)
    expect(await again.inputValue('input[name=defHp]')).toBe('1800')
    await again.close()
  })

  it('copies the result as one line, which ends with the same question for the command line', async () => {
    await go(page, 'save?pen=5&armSv=2&hits=4')
    await page.click('#copy-result')
    await page.waitForFunction(
      () => document.getElementById('share-status')!.textContent === 'Result line copied.',
    )
    const line = await page.evaluate(() => navigator.clipboard.readText())
    const words = /\(mecha (.*)\)$/.exec(line)![1].split(' ')
    expect(words).toEqual(['save', '--pen', '5', '--arm-sv', '2', '--hits', '4', '--odds'])
    const cli = mecha([...words, '--no-color'])
    expect(line.startsWith(`${cli.stdout.split('\n')[0]}: `)).toBe(true)
    const failed = expectedOf(lib.save.odds({ pen: '5', armSv: 2, hits: 4 }))[0]
    expect(line).toContain(String(failed))
  })

  it('downloads the odds as the CSV of --odds --csv', async () => {
    await go(page, 'shoot?acc=9&evade=4&shots=5&dmg=300&hp=1000')
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')])
    expect(download.suggestedFilename()).toBe('mecha-shoot-odds.csv')
    const file = join(dir, 'odds.csv')
    await download.saveAs(file)
    const cli = mecha('shoot --acc 9 --evade 4 --shots 5 --dmg 300 --hp 1000 --odds --csv'.split(' '))
    expect(readFileSync(file, 'utf8')).toBe(cli.stdout)
  })

  it('takes a pasted roster, and a unit named answers as the CLI does by the same names', async () => {
    const p = page
    // A shot with no numbers given (the numbers given beside names win, as on the command line).
    await go(p, 'shoot')
    await p.click('#roster-summary')
    await p.fill('#roster-text', ROSTER)
    await p.click('#roster-use')
    await p.waitForSelector('input[name=attacker]')
    // Kept in the browser's storage for the next visit.
    expect(await p.evaluate(() => localStorage.getItem('mecha-roster'))).toBe(ROSTER)
    await p.fill('input[name=attacker]', 'argonaut:cannon')
    const before = await answered(p)
    await p.fill('input[name=defender]', 'dervish')
    await nextAnswer(p, before)
    const cli = mecha([
      'shoot',
      'argonaut:cannon',
      'dervish',
      '--roster',
      'examples/roster.yaml',
      '--odds',
      '--json',
    ])
    expect(cli.code).toBe(0)
    const s = await shown(p)
    expect(s.status).toBe('')
    expect([...s.figures].sort()).toEqual(expectedOf(JSON.parse(cli.stdout)).sort())
    // The link carries the roster, compressed: it opens the same answer where no roster is stored.
    const link = await p.evaluate(() => location.href)
    expect(link).toMatch(/#shoot\?attacker=argonaut%3Acannon&defender=dervish&roster=[\w-]+$/)
    const fresh = await context()
    const q = await open(fresh, link.split('#')[1])
    expect((await shown(q)).figures).toEqual(s.figures)
    // A matrix of the roster, worked out in the worker: each cell the library's.
    await go(q, 'matrix?attacker=argonaut&vs=dervish&vs=blue-djinn')
    const matrix = JSON.parse(
      mecha([
        'matrix',
        'argonaut',
        '--vs',
        'dervish',
        'blue-djinn',
        '--roster',
        'examples/roster.yaml',
        '--json',
      ]).stdout,
    ) as { cells: Array<{ attacker: string; weapon: string; defender: string; destroyed: number }> }
    for (const cell of matrix.cells) {
      const shownValue = await q.getAttribute(
        `[data-cell="${cell.attacker}:${cell.weapon}>${cell.defender}"] small`,
        'data-value',
      )
      expect(Number(shownValue)).toBe(cell.destroyed)
    }
    // A roster with a mistake: the same message as mecha roster check.
    const broken = ROSTER.replace('acc: 9  ', 'acc: 99 ')
    writeFileSync(join(dir, 'roster'), broken)
    const check = mecha(['roster', 'check', 'roster'], { cwd: dir })
    expect(check.code).toBe(2)
    expect(check.stderr).toMatch(/^mecha: roster:\d+: units\.argonaut\.acc: /)
    await p.fill('#roster-text', broken)
    await p.click('#roster-use')
    await p.waitForFunction(() => document.getElementById('roster-status')!.className === 'error')
    expect(await p.textContent('#roster-status')).toBe(check.stderr.trim().replace(/^mecha: /, ''))
    await fresh.close()
    await p.click('#roster-forget')
  })

  it('works a plan out in the worker, and a long question can be cancelled', async () => {
    const p = page
    const attacks = ['argonaut:cannon', 'argonaut:machine-gun', 'blue-djinn:heat-sword']
    // The roster comes in the link, compressed as the page writes it.
    const data = (lib.parseRoster as unknown as (t: string) => object)(ROSTER)
    const packed = await deflateRoster(data)
    const named = (list: string[]) => list.map((a) => `attacks=${encodeURIComponent(a)}`).join('&')
    await go(p, `plan?defender=dervish&${named(attacks)}&roster=${packed}`)
    const planned = (
      lib.plan.odds({ defender: 'dervish', attacks, roster: data }) as {
        steps: Array<{ destroyedBy: number }>
      }
    ).steps
    const steps = await p.$$eval('#extra tbody td:first-of-type', (tds) =>
      tds.map((td) => Number((td as HTMLElement).dataset.value)),
    )
    expect(steps).toEqual(planned.map((s) => s.destroyedBy))
    // Six attacks by six units at a defender that survives them all take seconds, and every order
    // of them (720, each unit's turn whole) half a minute: progress is shown, the page goes on
    // answering, and Cancel stops it. (A shorter question could be answered, on a loaded
    // machine, before the progress was looked for.)
    const six = named([
      'argonaut:cannon',
      'blue-djinn:machine-gun',
      'white-asura:beam-rifle',
      'laughing-joker:bazooka',
      'green-viking:machine-gun',
      'zodiac:beam-saber',
    ])
    await p.evaluate((h) => (location.hash = h), `plan?defender=dervish&hp=20000&${six}&roster=${packed}`)
    await p.click('#compare-choices summary')
    await p.waitForSelector('#progress:not([hidden])')
    expect(await p.evaluate(() => document.title)).toMatch(/mecha/)
    await p.click('#cancel')
    expect(await p.textContent('#status')).toBe('Cancelled. Change a field to ask again.')
    expect(await p.isHidden('#progress')).toBe(true)
    await p.click('#compare-choices summary')
  })

  it('puts set-ups side by side, the best marked', async () => {
    await go(page, 'shoot?acc=9&evade=4&shots=5&dmg=300&hp=1000;shoot?acc=9&evade=4&shots=7&dmg=200&hp=1000')
    const rows = await page.$$eval('#side-by-side tbody tr', (trs) =>
      trs.map((tr) => ({
        best: tr.classList.contains('best'),
        destroyed: Number((tr.querySelector('td') as HTMLElement).dataset.value),
      })),
    )
    const a = lib.shoot.odds({ acc: 9, evade: 4, shots: 5, dmg: 300, hp: 1000 })
    const b = lib.shoot.odds({ acc: 9, evade: 4, shots: 7, dmg: 200, hp: 1000 })
    const d = (x: Record<string, unknown>) =>
      (x.odds as Record<string, Record<string, number>>).expected.destroyed
    expect(rows.map((r) => r.destroyed)).toEqual([d(a), d(b)])
    expect(rows.map((r) => r.best)).toEqual([d(a) >= d(b), d(b) > d(a)])
  })
})
