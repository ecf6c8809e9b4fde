/**
 * --csv and --plot on every command with --odds (one path: the odds answer's distributions), the
 * refusals where they make no sense, and the chart drawn by a real browser (headless Chromium)
 * to check that the picture is not blank.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { loadAllSpecs } from '../../src/commands/registry.js'
import { mecha, mechaJson } from './in-process.js'

const dir = mkdtempSync(join(tmpdir(), 'mecha-plot-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** One odds request per command that has --odds. */
const ODDS: Record<string, string[]> = {
  shoot: [
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
  ],
  melee: [
    '--atk-melee',
    '6',
    '--def-melee',
    '5',
    '--atk-dmg',
    '300',
    '--def-dmg',
    '300',
    '--def-hp',
    '900',
    '--atk-hp',
    '900',
  ],
  plan: ['dervish', 'argonaut:cannon', 'argonaut:machine-gun', '--roster', 'examples/roster.yaml'],
  save: ['--pen', '5', '--hits', '3'],
  cover: ['--dmg', '800'],
  outmaneuver: ['--atk-dice', '6', '--def-dice', '5'],
  initiative: [],
  'stun-recover': ['--penalty', '2'],
  'titan-throw': [
    '--atk-size',
    '2',
    '--def-size',
    '0',
    '--atk-melee',
    '5',
    '--atk-dmg',
    '300',
    '--atk-pen',
    '5P',
    '--def-melee',
    '4',
  ],
  fall: [],
  behavior: ['--situation', 'hurt'],
  roll: ['3d6'],
  'wargroup shoot': ['--acu', '3', '--def', '2', '--str', '5', '--arm', '3', '--dam', '6'],
  'wargroup burn': [],
  'wargroup void': ['--dam', '5'],
  'wargroup smoke': [],
  'wargroup building': ['--tiles', '2', '--str', '6'],
  'wargroup initiative': [],
  'wargroup length': [],
  'formation strike': ['--str', '2', '--dmg', '4', '--dodge', '1'],
  'formation ams': ['--ams', '4', '--missiles', '3'],
  'formation knockdown': [],
  'formation jam': ['--counters', '1'],
  'formation destroy-check': ['--stars', '2'],
  'formation initiative': ['--a-formations', '12', '--b-formations', '7'],
  'mining shoot': [],
  'mining ap': ['--units', '5'],
  'mining repair': ['--damage', '3'],
  'mining resolve': ['--eliminated', '3'],
}
const args = (name: string) => [...name.split(' '), ...ODDS[name], '--odds']

/** Every distribution under `odds` (the means left out), by its path. */
function maps(odds: Record<string, unknown>, path: string[] = []): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {}
  for (const [k, v] of Object.entries(odds)) {
    if (path.length === 0 && k === 'expected') continue
    if (v && typeof v === 'object' && Object.values(v).every((x) => typeof x === 'number'))
      out[[...path, k].join('.')] = v as Record<string, number>
    else if (v && typeof v === 'object') Object.assign(out, maps(v as Record<string, unknown>, [...path, k]))
  }
  return out
}

describe('--csv and --plot on every command with --odds', () => {
  it('the list above names every command that has odds', async () => {
    const withOdds = (await loadAllSpecs()).filter((s) => s.model.odds).map((s) => s.name)
    expect(Object.keys(ODDS).sort()).toEqual(withOdds.sort())
  })

  it.each(Object.keys(ODDS))('%s --odds --csv: a row per outcome of each JSON map, same chances', (name) => {
    const r = mecha([...args(name), '--csv'])
    expect(r.code, r.stderr).toBe(0)
    const [head, ...rows] = r.stdout.trimEnd().split('\n')
    expect(head).toBe('distribution,outcome,chance,atLeast')
    const want = maps(mechaJson(args(name)).odds)
    const got: Record<string, Record<string, number>> = {}
    for (const row of rows) {
      const [dist, outcome, chance, atLeast] = row.split(',')
      ;(got[dist] ??= {})[outcome] = Number(chance)
      if (atLeast !== '') expect(Number(atLeast)).toBeGreaterThanOrEqual(Number(chance) - 1e-12)
    }
    expect(got).toEqual(want)
  })

  it.each(Object.keys(ODDS))(
    '%s --odds --plot FILE: an SVG with a panel per distribution; text as before',
    (name) => {
      const file = join(dir, `${name.replace(' ', '-')}.svg`)
      const r = mecha([...args(name), '--plot', file])
      expect(r.code, r.stderr).toBe(0)
      const text = mecha(args(name)).stdout
      expect(r.stdout).toBe(`${text.trimEnd()}\nChart written to ${file}\n`)
      const svg = readFileSync(file, 'utf8')
      expect(svg).toMatch(/^<\?xml[^>]*>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
      // Its title is what the text answer says was resolved.
      expect(svg).toContain(
        `<title>${text.split('\n')[0].replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>`,
      )
      expect(svg).toContain(`mecha ${args(name).join(' ')}`)
      expect((svg.match(/<polyline|<rect [^>]*><title>/g) ?? []).length).toBeGreaterThan(1)
    },
  )

  it.each(Object.keys(ODDS))(
    '%s --plot: the right axis ticked on the gridlines, bars narrower than the ticks apart, no panel twice, a size in pixels',
    (name) => {
      const svg = mecha([...args(name), '--plot', '-']).stdout
      const root = /<svg [^>]*>/.exec(svg)![0]
      const [, w, h] = /viewBox="0 0 (\d+) (\d+)"/.exec(root)!
      expect(root).toContain(`width="${w}" height="${h}"`)
      const panels = svg.split('<g class="panel"').slice(1)
      const drawn = new Set<string>()
      for (const panel of panels) {
        const title = />([^<]*)<\/text>/.exec(panel)![1]
        const ys = (cls: string) =>
          [...panel.matchAll(new RegExp(`<line class="${cls}" x1="[^"]*" y1="([^"]*)"`, 'g'))].map((m) =>
            Number(m[1]),
          )
        const grid = ys('grid')
        const right = ys('at-least-tick')
        // Every "at least" tick on a gridline, one per gridline: 0% on the axis, 100% at the top.
        if (right.length)
          expect(
            right.sort((a, b) => a - b),
            `${name}: ${title}`,
          ).toEqual(grid.sort((a, b) => a - b))
        const labels = [...panel.matchAll(/class="at-least-label"[^>]*>([^<]*)</g)].map((m) => m[1])
        if (labels.length) {
          const step = 100 / (labels.length - 1)
          expect([20, 25, 10, 50]).toContain(step)
          expect(labels).toEqual(labels.map((_, k) => `${k * step}%`))
        }
        // A bar narrower than the outcome ticks are apart: it stands over one value.
        const ticks = [...panel.matchAll(/<line class="tick" x1="([^"]*)"/g)].map((m) => Number(m[1]))
        const widths = [...panel.matchAll(/<rect class="bar" x="[^"]*" y="[^"]*" width="([^"]*)"/g)].map(
          (m) => Number(m[1]),
        )
        if (ticks.length > 1) {
          const apart = Math.min(...ticks.slice(1).map((x, i) => x - ticks[i]))
          for (const bw of widths) expect(bw, `${name}: ${title}`).toBeLessThan(apart)
        }
        const bars = [...panel.matchAll(/<title>([^<]*)<\/title><\/rect>/g)].map((m) => m[1]).join('|')
        expect(drawn.has(bars), `${name}: ${title} drawn twice`).toBe(false)
        drawn.add(bars)
      }
    },
  )

  it('melee: a total the same as its strike is one panel under both names', () => {
    // No Finishing Blow (level 0 pilots), no overwatch: each side's total is the other's strike.
    const svg = mecha([...args('melee'), '--plot', '-']).stdout
    const titles = [...svg.matchAll(/<g class="panel"[^>]*><text[^>]*>([^<]*)</g)].map((m) => m[1])
    expect(titles.slice(0, 2)).toEqual([
      'attack: damage = defender: damage',
      'counter: damage = attacker: damage',
    ])
    // With a pilot able to make a Finishing Blow, the defender's total differs: drawn on its own.
    const fb = mecha([
      'melee',
      '--atk-split',
      '6/3',
      '--atk-pilot',
      '2',
      '--atk-dmg',
      '300',
      '--atk-pen',
      '4',
      '--def-split',
      '0/4',
      '--def-dmg',
      '400',
      '--odds',
      '--plot',
      '-',
    ]).stdout
    const fbTitles = [...fb.matchAll(/<g class="panel"[^>]*><text[^>]*>([^<]*)</g)].map((m) => m[1])
    expect(fbTitles).toContain('attack: damage')
    expect(fbTitles).toContain('defender: damage')
  })

  it('two outcomes a round step apart are ticked at themselves (not every 50 under 120-pixel bars)', () => {
    const svg = mecha(['save', '--pen', '5', '--hits', '1', '--arm-sv', '2', '--odds', '--plot', '-']).stdout
    const panel = svg.split('<g class="panel"').find((p) => p.includes('>damage<'))!
    const labels = [...panel.matchAll(/class="outcome-label"[^>]*>([^<]*)</g)].map((m) => m[1])
    expect(labels).toEqual(['0', '1000'])
  })

  it('--plot - writes the chart on stdout alone', () => {
    const r = mecha([...args('roll'), '--plot', '-'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^<\?xml/)
    expect(r.stdout.trimEnd().endsWith('</svg>')).toBe(true)
  })

  it('the JSON is unchanged by --plot (the chart goes to its file)', () => {
    const file = join(dir, 'json.svg')
    const plain = mecha([...args('shoot'), '--json'])
    const plotted = mecha([...args('shoot'), '--json', '--plot', file])
    expect(plotted.stdout).toBe(plain.stdout)
    expect(existsSync(file)).toBe(true)
  })

  it('shoot marks the HP in its damage chart, melee each side HP in its total damage', () => {
    const shoot = mecha([...args('shoot'), '--plot', '-']).stdout
    expect(shoot).toContain('HP 1000: destroyed: 50.42%')
    const melee = mecha([...args('melee'), '--plot', '-']).stdout
    expect(melee).toContain("defender's HP 900: destroyed")
    expect(melee).toContain("attacker's HP 900: destroyed")
  })

  it.each([
    [['roll', '3d6', '--plot', 'x.svg'], '--plot works on the exact odds: add --odds'],
    [['roll', '3d6', '--csv'], '--csv works on the exact odds: add --odds'],
    [['shoot', ...ODDS.shoot, '--compare'], '--compare works on the exact odds: add --odds'],
    [['roll', '3d6', '--odds', '--csv', '--json'], '--csv and --json both print the answer on stdout'],
    [['roll', '3d6', '--odds', '--plot', '-', '--json'], '--plot - prints the chart on stdout, where --json'],
    [['roll', '3d6', '--odds', '--plot', '-', '--csv'], '--plot - prints the chart on stdout, where --csv'],
    [['roll', '3d6', '--odds', '--plot', 'chart.png'], '"chart.png" does not end in .svg'],
    [
      ['roll', '3d6', '--odds', '--plot', '/no/such/dir/c.svg'],
      'cannot write "/no/such/dir/c.svg": no such directory',
    ],
    [['roll', '3d6', '--odds', '--compare'], "unknown option '--compare'"],
    [['vp', '--kills', 'F2', '--plot', 'x.svg'], "unknown option '--plot'"],
  ])('mecha %j: exit 2, one line', (argv, message) => {
    const r = mecha(argv, { env: { HOME: dir } })
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1)
    expect(r.stderr).toContain(message)
  })

  it('an unwritable chart file is refused before any work (exit 2)', () => {
    const r = mecha([...args('roll'), '--plot', dir])
    expect(r.code).toBe(2)
    const d = join(dir, 'a-directory.svg')
    spawnSync('mkdir', [d])
    const r2 = mecha([...args('roll'), '--plot', d])
    expect(r2.code).toBe(2)
    expect(r2.stderr).toContain('it is a directory')
  })

  it('batch lines cannot ask for a chart, CSV or comparison: one clear error each', () => {
    const r = mecha(['batch'], {
      input:
        '{"command":"roll","expression":"3d6","odds":true,"plot":"x.svg"}\n{"command":"roll","expression":"3d6","odds":true,"csv":true}\n{"command":"shoot","acc":9,"shots":5,"dmg":300,"odds":true,"compare":true}\n',
    })
    expect(r.code).toBe(2)
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => l.code)).toEqual(['bad-usage', 'bad-usage', 'bad-usage'])
    expect(lines[0].error).toContain('not in batch')
    // The way out names the flag as it is typed, not a batch key.
    expect(lines[2].error).toBe(
      '"compare" is not in batch, which answers JSON lines; ask one command for it (mecha shoot with its odds and --compare)',
    )
  })
})

// ---------------------------------------------------------------------------------------------
// The chart in a real browser

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
  console.log('skipped: the chart render test needs headless Chromium (apt-get install -y chromium)')

/** A PNG's pixels as RGBA (8-bit RGB or RGBA, non-interlaced: what Chromium writes). */
function decodePng(png: Buffer): { width: number; height: number; rgba: Uint8Array } {
  let at = 8
  let width = 0
  let height = 0
  let colorType = 0
  const idat: Buffer[] = []
  while (at < png.length) {
    const len = png.readUInt32BE(at)
    const type = png.toString('latin1', at + 4, at + 8)
    const data = png.subarray(at + 8, at + 8 + len)
    if (type === 'IHDR') {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      if (data[8] !== 8 || data[12] !== 0) throw new Error('only 8-bit non-interlaced PNGs')
      colorType = data[9]
    } else if (type === 'IDAT') idat.push(data)
    at += 12 + len
  }
  const channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 0
  if (!channels) throw new Error(`PNG colour type ${colorType} not handled`)
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * channels
  const out = new Uint8Array(width * height * 4)
  let prev = new Uint8Array(stride)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    const line = Uint8Array.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)))
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? line[i - channels] : 0
      const b = prev[i]
      const c = i >= channels ? prev[i - channels] : 0
      const p = a + b - c
      const pa = Math.abs(p - a)
      const pb = Math.abs(p - b)
      const pc = Math.abs(p - c)
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
      const add = [0, a, b, (a + b) >> 1, paeth][filter]
      line[i] = (line[i] + add) & 0xff
    }
    for (let x = 0; x < width; x++) {
      out.set([line[x * channels], line[x * channels + 1], line[x * channels + 2], 255], (y * width + x) * 4)
    }
    prev = line
  }
  return { width, height, rgba: out }
}

describe('the chart drawn by headless Chromium', () => {
  it.skipIf(!browser)(
    'is not blank: text, bars and the "at least" line are on the picture',
    () => {
      const svgFile = join(dir, 'render.svg')
      const pngFile = join(dir, 'render.png')
      expect(mecha([...args('shoot'), '--plot', svgFile]).code).toBe(0)
      const height = Number(/viewBox="0 0 960 (\d+)"/.exec(readFileSync(svgFile, 'utf8'))![1])
      const r = spawnSync(
        browser!,
        [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--hide-scrollbars',
          `--user-data-dir=${join(dir, 'chromium-profile')}`,
          `--window-size=960,${height}`,
          `--screenshot=${pngFile}`,
          `file://${svgFile}`,
        ],
        { encoding: 'utf8', timeout: 60_000 },
      )
      expect(existsSync(pngFile), r.stderr).toBe(true)
      const { width, height: h, rgba } = decodePng(readFileSync(pngFile))
      expect([width, h]).toEqual([960, height])
      let ink = 0
      let bars = 0
      let destroys = 0
      let line = 0
      const near = (i: number, [r0, g0, b0]: number[]) =>
        Math.abs(rgba[i] - r0) + Math.abs(rgba[i + 1] - g0) + Math.abs(rgba[i + 2] - b0) < 24
      for (let i = 0; i < rgba.length; i += 4) {
        if (rgba[i] < 200 || rgba[i + 1] < 200 || rgba[i + 2] < 200) ink++
        if (near(i, [0x4e, 0x79, 0xa7])) bars++
        if (near(i, [0xe1, 0x57, 0x59])) destroys++
        if (near(i, [0xf2, 0x8e, 0x2b])) line++
      }
      const pixels = width * h
      expect(ink / pixels).toBeGreaterThan(0.03)
      expect(bars).toBeGreaterThan(5000) // the bars of each outcome's chance
      expect(destroys).toBeGreaterThan(1000) // the outcomes past the HP line
      expect(line).toBeGreaterThan(500) // the "at least" curve
    },
    90_000,
  )
})
