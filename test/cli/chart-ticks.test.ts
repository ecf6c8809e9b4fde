/**
 * Charts read back from a real browser: `--plot` SVGs laid out by headless Chromium, and every
 * tick label checked against the mark it labels. A label must sit on its gridline or tick, the
 * labels' values must map linearly onto their positions (a "3%" on the 2.5% line breaks that),
 * and each bar must stand where the labels say its outcome and chance are.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { mecha } from './run-cli.js'

/** Debian's chromium (installed by .ci/run when it can be), or another headless Chrome on PATH. */
function findBrowser(): string | undefined {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' })
    if (r.status === 0 && r.stdout.trim()) return r.stdout.trim()
  }
  return undefined
}

const browser = findBrowser()
if (!browser)
  console.log('skipped: the chart tick test needs headless Chromium (apt-get install -y chromium)')

const dir = mkdtempSync(join(tmpdir(), 'mecha-ticks-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Charts with different axes: dice totals, damage in steps of 300 and 1000, 400 and 300, yes/no. */
const CHARTS: Record<string, string[]> = {
  roll: ['roll', '3d6', '--odds'],
  shoot: [
    'shoot',
    '--acc',
    '9',
    '--evade',
    '4',
    '--shots',
    '5',
    '--dmg',
    '300',
    '--pen',
    '5',
    '--arm-sv',
    '2',
    '--hp',
    '1000',
    '--odds',
  ],
  melee: [
    'melee',
    '--atk-melee',
    '6',
    '--def-melee',
    '5',
    '--atk-dmg',
    '400',
    '--def-dmg',
    '300',
    '--atk-hp',
    '1400',
    '--def-hp',
    '1400',
    '--odds',
  ],
  small: ['roll', '1d1000', '--odds'],
  compare: [
    'shoot',
    '--acc',
    '9',
    '--evade',
    '4',
    '--shots',
    '5',
    '--dmg',
    '300',
    '--pen',
    '5',
    '--arm-sv',
    '2',
    '--odds',
    '--compare',
  ],
}

interface Box {
  text: string
  cx: number
  cy: number
}
interface Panel {
  title: string
  axisY: number
  grid: number[]
  chanceLabels: Box[]
  ticks: number[]
  outcomeLabels: Box[]
  atLeastTicks: number[]
  atLeastLabels: Box[]
  bars: Array<{ title: string; x: number; y: number; w: number; h: number; fill: string }>
}

/** The page that lays the charts out and measures every mark, as JSON in base64 in the DOM. */
function page(svgs: Record<string, string>): string {
  const body = Object.entries(svgs)
    .map(([name, svg]) => `<div data-chart="${name}">${svg.replace(/^<\?xml[^>]*>\n/, '')}</div>`)
    .join('\n')
  const script = `
    const mid = (e) => { const r = e.getBoundingClientRect(); return { cx: (r.left + r.right) / 2, cy: (r.top + r.bottom) / 2 } }
    const box = (e) => Object.assign({ text: e.textContent }, mid(e))
    const out = {}
    for (const div of document.querySelectorAll('[data-chart]')) {
      div.querySelector('svg').style.width = '960px'
      out[div.dataset.chart] = [...div.querySelectorAll('g.panel')].map((g) => ({
        title: g.querySelector('text').textContent,
        axisY: mid(g.querySelector('line.x-axis')).cy,
        grid: [...g.querySelectorAll('line.grid')].map((e) => mid(e).cy),
        chanceLabels: [...g.querySelectorAll('text.chance-label')].map(box),
        ticks: [...g.querySelectorAll('line.tick')].map((e) => mid(e).cx),
        outcomeLabels: [...g.querySelectorAll('text.outcome-label')].map(box),
        atLeastTicks: [...g.querySelectorAll('line.at-least-tick')].map((e) => mid(e).cy),
        atLeastLabels: [...g.querySelectorAll('text.at-least-label')].map(box),
        bars: [...g.querySelectorAll('rect.bar')].map((e) => {
          const r = e.getBoundingClientRect()
          return { title: e.querySelector('title').textContent, x: r.left, y: r.top, w: r.width, h: r.height, fill: e.getAttribute('fill') }
        }),
      }))
    }
    document.getElementById('result').textContent = btoa(JSON.stringify(out))`
  return `<!DOCTYPE html><html><body style="margin:0">${body}<pre id="result"></pre><script>${script}</script></body></html>`
}

/** Least squares of position on value: the line, and the largest distance of a point from it. */
function fit(points: Array<[value: number, px: number]>): { at: (v: number) => number; worst: number } {
  const n = points.length
  const mv = points.reduce((s, [v]) => s + v, 0) / n
  const mp = points.reduce((s, [, p]) => s + p, 0) / n
  const cov = points.reduce((s, [v, p]) => s + (v - mv) * (p - mp), 0)
  const vv = points.reduce((s, [v]) => s + (v - mv) ** 2, 0)
  const slope = vv ? cov / vv : 0
  const at = (v: number) => mp + slope * (v - mv)
  return { at, worst: Math.max(...points.map(([v, p]) => Math.abs(at(v) - p))) }
}

const percent = (t: string) => {
  expect(t, `a percentage label: ${t}`).toMatch(/^\d+(\.\d+)?%$/)
  return Number(t.slice(0, -1)) / 100
}

/** "1200: 17.81%, at least 47.30%" or "Barrage: 1200: …" → the outcome and its chance. */
function barOf(title: string): { outcome: string; chance: number } {
  const m = /(?:^|: )([^:]+): <?(\d+\.\d+)%/.exec(title)!
  return { outcome: m[1], chance: Number(m[2]) / 100 }
}

let measured: Record<string, Panel[]> | undefined
function charts(): Record<string, Panel[]> {
  if (measured) return measured
  const svgs: Record<string, string> = {}
  for (const [name, args] of Object.entries(CHARTS)) {
    const r = mecha([...args, '--plot', '-'])
    expect(r.code, r.stderr).toBe(0)
    svgs[name] = r.stdout
  }
  const file = join(dir, 'charts.html')
  writeFileSync(file, page(svgs))
  const r = spawnSync(
    browser!,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      `--user-data-dir=${join(dir, 'chromium-profile')}`,
      '--window-size=1000,800',
      '--dump-dom',
      `file://${file}`,
    ],
    { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 << 20 },
  )
  const found = /<pre id="result">([A-Za-z0-9+/=]+)<\/pre>/.exec(r.stdout)
  expect(found, r.stderr).not.toBeNull()
  measured = JSON.parse(Buffer.from(found![1], 'base64').toString('utf8')) as Record<string, Panel[]>
  return measured
}

describe.skipIf(!browser)('chart ticks read back from headless Chromium', () => {
  it('every chance label sits on its gridline, 0% on the axis, and the labels map linearly onto them', () => {
    for (const [name, panels] of Object.entries(charts())) {
      expect(panels.length, name).toBeGreaterThan(0)
      for (const p of panels) {
        const where = `${name}: ${p.title}`
        expect(p.chanceLabels.length, where).toBe(p.grid.length)
        expect(p.grid.length, where).toBeGreaterThanOrEqual(3)
        const pairs = p.chanceLabels.map((l, i): [number, number] => {
          expect(Math.abs(l.cy - p.grid[i]), `${where}: label ${l.text} beside its gridline`).toBeLessThan(4)
          return [percent(l.text), p.grid[i]]
        })
        expect(pairs[0][0], where).toBe(0)
        expect(Math.abs(pairs[0][1] - p.axisY), where).toBeLessThan(1)
        const { at, worst } = fit(pairs)
        expect(worst, `${where}: labels ${p.chanceLabels.map((l) => l.text).join(' ')}`).toBeLessThan(0.6)
        // Each bar's top is where the labels put its chance.
        for (const b of p.bars) {
          const { chance } = barOf(b.title)
          if (b.h > 1) expect(Math.abs(b.y - at(chance)), `${where}: bar ${b.title}`).toBeLessThan(1)
        }
        // The "at least" axis likewise, from 0% at the axis to 100% at the top.
        if (p.atLeastTicks.length) {
          const right = p.atLeastLabels.map((l, i): [number, number] => {
            expect(Math.abs(l.cy - p.atLeastTicks[i]), `${where}: ${l.text}`).toBeLessThan(4)
            return [percent(l.text), p.atLeastTicks[i]]
          })
          expect(fit(right).worst, where).toBeLessThan(0.6)
          expect(right[0]).toEqual([0, expect.closeTo(p.axisY, 0)])
          // on the gridlines, which the left axis's labels follow
          expect(p.atLeastTicks.length, where).toBe(p.grid.length)
          p.atLeastTicks.forEach((y, i) => expect(Math.abs(y - p.grid[i]), where).toBeLessThan(0.5))
        }
      }
    }
  }, 120_000)

  it('numeric outcomes: round ticks labelled exactly, each bar centred on its value', () => {
    let numeric = 0
    for (const [name, panels] of Object.entries(charts())) {
      for (const p of panels.filter((q) => q.ticks.length)) {
        numeric++
        const where = `${name}: ${p.title}`
        expect(p.outcomeLabels.length, where).toBe(p.ticks.length)
        const values = p.outcomeLabels.map((l) => Number(l.text))
        // Round steps (1, 2 or 5 times a power of ten), or every outcome ticked (damage 0, 300,
        // 600, …), the same step all along.
        const step = values[1] - values[0]
        const outcomes = p.bars.map((b) => Number(barOf(b.title).outcome))
        const atOutcomes = values.every((v) => outcomes.includes(v))
        if (!atOutcomes)
          expect(step / 10 ** Math.floor(Math.log10(step)), where).toSatisfy((m: number) =>
            [1, 2, 5].some((k) => Math.abs(m - k) < 1e-9),
          )
        values.forEach((v, i) => {
          expect(Math.abs(v - values[0] - i * step), where).toBeLessThan(1e-9)
          expect(Math.abs(p.outcomeLabels[i].cx - p.ticks[i]), `${where}: ${v} on its tick`).toBeLessThan(1)
        })
        const { at, worst } = fit(values.map((v, i) => [v, p.ticks[i]]))
        expect(worst, where).toBeLessThan(0.6)
        // One series: each bar is centred on its outcome's value.
        if (name !== 'compare')
          for (const b of p.bars) {
            const { outcome } = barOf(b.title)
            if (outcome.endsWith('+')) continue
            // A bar of a range of outcomes (1d1000: "201 to 220") stands within its range.
            const range = /^(-?\d+) to (-?\d+)$/.exec(outcome)
            if (range) {
              const centre = b.x + b.w / 2
              expect(centre, `${where}: bar ${b.title}`).toBeGreaterThan(at(Number(range[1])) - 1.5)
              expect(centre, `${where}: bar ${b.title}`).toBeLessThan(at(Number(range[2])) + 1.5)
              continue
            }
            expect(Math.abs(b.x + b.w / 2 - at(Number(outcome))), `${where}: bar ${b.title}`).toBeLessThan(
              1.5,
            )
          }
      }
    }
    expect(numeric).toBeGreaterThanOrEqual(8)
  })

  it('outcomes that are not numbers: each bar under its own word, yes/no in words', () => {
    const melee = charts().melee
    const destroyed = melee.find((p) => p.title === 'destroyed: defender')!
    expect(destroyed.outcomeLabels.map((l) => l.text)).toEqual(['survives', 'destroyed'])
    for (const l of destroyed.outcomeLabels) {
      const bar = destroyed.bars.find((b) => barOf(b.title).outcome === l.text)!
      expect(Math.abs(bar.x + bar.w / 2 - l.cx)).toBeLessThan(1)
    }
    // A certain outcome has no panel: the melee's finishing blow (none) and the attacker's
    // destruction (never, HP 1400 against at most 600).
    expect(melee.map((p) => p.title)).not.toContain('finishing blow')
    expect(melee.map((p) => p.title)).not.toContain('destroyed: attacker')
  })
})

describe('the chart as a file', () => {
  it('has its size in pixels and a viewBox (given only a viewBox, a browser fits a tall chart to the window, its text 5-6 px)', () => {
    const svg = mecha([...CHARTS.melee, '--plot', '-']).stdout
    const root = /<svg [^>]*>/.exec(svg)![0]
    const height = /viewBox="0 0 960 (\d+)"/.exec(root)![1]
    expect(Number(height)).toBeGreaterThan(1000)
    expect(root).toContain(`width="960" height="${height}"`)
    // The certain outcomes left out are named under the title.
    const melee = mecha([...CHARTS.melee, '--plot', '-']).stdout
    expect(melee).toContain(
      'Certain (100%), not drawn: finishing blow = none; destroyed: attacker = survives',
    )
  })
})
