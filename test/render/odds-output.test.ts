import { describe, expect, it } from 'vitest'
import { renderOddsCsv } from '../../src/render/csv.js'
import { oddsTable, oddsTables, tableTitle } from '../../src/render/odds-table.js'
import { panelsFor, renderChartSvg } from '../../src/render/svg.js'

describe('oddsTables: the distributions of an odds answer', () => {
  it('reads every map, nested ones by their path, and leaves the means out', () => {
    const tables = oddsTables({
      damage: { '0': 0.5, '300': 0.5 },
      attack: { damage: { '0': 1 } },
      destroyed: { defender: { false: 0.25, true: 0.75 } },
      expected: { damage: 150, destroyed: { defender: 0.75 } },
    })
    expect(tables.map((t) => t.name)).toEqual(['damage', 'attack.damage', 'destroyed.defender'])
    expect(tables.map((t) => t.numeric)).toEqual([true, true, false])
    expect(tables[2].rows).toEqual([
      { outcome: 'false', chance: 0.25 },
      { outcome: 'true', chance: 0.75 },
    ])
  })

  it('puts numeric outcomes in order (negative ones and tails too) with the chance of at least each', () => {
    // JSON objects list integer keys first, so "-1" comes after "2" as written.
    const t = oddsTable('margin', { '0': 0.4, '2': 0.1, '-1': 0.3, '3+': 0.2 })
    expect(t.rows.map((r) => r.outcome)).toEqual(['-1', '0', '2', '3+'])
    expect(t.rows.map((r) => r.atLeast)).toEqual([1, 0.7, 0.3, 0.2])
  })

  it('sums the "at least" column to 12 significant digits (no 0.30000000000000004)', () => {
    const t = oddsTable('x', { '1': 0.1, '2': 0.2, '3': 0.7 })
    expect(t.rows[1].atLeast).toBe(0.9)
    expect(oddsTable('y', { '0': 0.7, '1': 0.1, '2': 0.2 }).rows[1].atLeast).toBe(0.3)
  })

  it('titles a table by its place in the JSON', () => {
    expect(tableTitle('attack.unblockedHits')).toBe('attack: unblocked hits')
    expect(tableTitle('finishingBlow')).toBe('finishing blow')
  })
})

describe('renderOddsCsv', () => {
  const tables = oddsTables({ damage: { '0': 0.25, '300': 0.75 }, destroyed: { false: 0.5, true: 0.5 } })

  it('writes distribution,outcome,chance,atLeast rows; atLeast empty where outcomes are not numbers', () => {
    expect(renderOddsCsv([{ tables }])).toBe(
      [
        'distribution,outcome,chance,atLeast',
        'damage,0,0.25,1',
        'damage,300,0.75,0.75',
        'destroyed,false,0.5,',
        'destroyed,true,0.5,',
        '',
      ].join('\n'),
    )
  })

  it('puts the option first when options are compared, quoting a field with a comma or quote', () => {
    const csv = renderOddsCsv([
      { option: 'a, b', tables: [tables[0]] },
      { option: 'say "x"', tables: [tables[0]] },
    ])
    expect(csv.split('\n').slice(0, 4)).toEqual([
      'option,distribution,outcome,chance,atLeast',
      '"a, b",damage,0,0.25,1',
      '"a, b",damage,300,0.75,0.75',
      '"say ""x""",damage,0,0.25,1',
    ])
  })
})

describe('renderChartSvg', () => {
  const tables = oddsTables({
    damage: { '0': 0.2, '300': 0.3, '600': 0.4, '900': 0.1 },
    destroyed: { false: 0.5, true: 0.5 },
  })
  const svg = renderChartSvg({
    title: 'Exact odds: 3 shots & more <here>',
    subtitle: ['mecha shoot --acc 9 --odds'],
    panels: panelsFor([{ label: '', tables }], { damage: { at: 600, label: 'HP 600: destroyed' } }),
  })

  it('is one self-contained SVG document: no script, no link to anything outside it', () => {
    expect(
      svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"'),
    ).toBe(true)
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true)
    expect(svg).not.toMatch(/<script|href=|url\(|@import/)
    // Text is escaped.
    expect(svg).toContain('3 shots &amp; more &lt;here&gt;')
  })

  it('draws a bar per outcome, the "at least" line for numbers, and the HP line with its chance', () => {
    const damage = svg.slice(svg.indexOf('>damage<'), svg.indexOf('>destroyed<'))
    expect(damage.match(/<rect [^>]*><title>/g)).toHaveLength(4)
    expect(damage).toContain('<polyline')
    expect(damage).toContain('stroke-dasharray="6 4"')
    expect(damage).toContain('HP 600: destroyed: 50.00%')
    // Bars from the HP up are drawn in the "destroys" colour.
    expect(damage).toContain('<title>600: 40.00%, at least 50.00%</title>')
    const destroyed = svg.slice(svg.indexOf('>destroyed<'))
    expect(destroyed.match(/<rect [^>]*><title>/g)).toHaveLength(2)
    expect(destroyed).not.toContain('<polyline')
  })

  it('draws a long thin tail as one last "N+" bar holding the whole tail', () => {
    // 0..99 with chance halving each step (the rest on 99): past 40 outcomes the tail is cut
    // where "at least" falls under 0.1%, at 10.
    const map: Record<string, number> = {}
    for (let k = 0; k < 99; k++) map[k] = 2 ** -(k + 1)
    map['99'] = 2 ** -99
    const chart = renderChartSvg({
      title: 't',
      panels: panelsFor([{ label: '', tables: oddsTables({ x: map }) }]),
    })
    expect(chart.match(/<rect [^>]*><title>/g)).toHaveLength(11)
    expect(chart).toContain(`<title>10+: ${(2 ** -10 * 100).toFixed(2)}%, at least 0.10%</title>`)
    expect(chart).not.toContain('<title>11: ')
  })

  it('draws very many whole-number outcomes (2,001 of them) as ranges that hold every chance once', () => {
    // A triangle on -1000..1000, the HP at 137: bars of one round width, one starting at the HP.
    const map: Record<string, number> = {}
    for (let k = -1000; k <= 1000; k++) map[k] = (1001 - Math.abs(k)) / 1001 ** 2
    const chart = renderChartSvg({
      title: 't',
      panels: panelsFor([{ label: '', tables: oddsTables({ x: map }) }], { x: { at: 137, label: 'HP 137' } }),
    })
    const bars = [...chart.matchAll(/<title>(-?\d+) to (-?\d+): ([\d.]+)%/g)].map((m) => ({
      from: +m[1],
      to: +m[2],
      chance: +m[3] / 100,
    }))
    expect(bars.length).toBeGreaterThan(20)
    expect(bars.length).toBeLessThanOrEqual(100)
    expect(bars[0].from).toBe(-1000)
    expect(bars.at(-1)!.to).toBe(1000)
    bars.slice(1).forEach((b, i) => expect(b.from).toBe(bars[i].to + 1))
    expect(bars.some((b) => b.from === 137)).toBe(true)
    for (const b of bars) {
      let exact = 0
      for (let k = b.from; k <= b.to; k++) exact += map[k]
      expect(b.chance).toBeCloseTo(exact, 4)
    }
    expect(chart).toContain('chance in range')
  })

  /** The centre of each bar, by its outcome (a single series). */
  const barCentres = (svg: string) =>
    Object.fromEntries(
      [
        ...svg.matchAll(/<rect class="bar" x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*><title>([^:]+):/g),
      ].map((m) => [m[3], Number(m[1]) + Number(m[2]) / 2]),
    )

  it('places numeric outcomes at their value: 0, 400 and 1200 are not evenly spaced', () => {
    const chart = renderChartSvg({
      title: 't',
      panels: panelsFor([
        { label: '', tables: oddsTables({ damage: { '0': 0.5, '400': 0.25, '1200': 0.25 } }) },
      ]),
    })
    const x = barCentres(chart)
    expect(x['1200'] - x['400']).toBeCloseTo(2 * (x['400'] - x['0']), 1)
    // Ticks under the axis at the outcomes' own step (each 400 has room for its label), labelled
    // with their values: the bars stand on 0, 400 and 1200, none spans a tick between them.
    const ticks = [...chart.matchAll(/class="outcome-label"[^>]*>([^<]+)</g)].map((m) => m[1])
    expect(ticks).toEqual(['0', '400', '800', '1200'])
  })

  it('writes yes/no outcomes in words, and leaves out a distribution with one certain outcome', () => {
    const chart = renderChartSvg({
      title: 't',
      panels: panelsFor([
        {
          label: '',
          tables: oddsTables({
            destroyed: { defender: { false: 0.7, true: 0.3 }, attacker: { false: 1, true: 0 } },
            finishingBlow: { none: 1 },
          }),
        },
      ]),
    })
    expect(chart).toContain('>survives<')
    expect(chart).toContain('<title>destroyed: 30.00%</title>')
    expect(chart).not.toMatch(/>(true|false)</)
    expect(chart.match(/<g class="panel"/g)).toHaveLength(1)
    expect(chart).toContain(
      'Certain (100%), not drawn: destroyed: attacker = survives; finishing blow = none',
    )
  })

  it('has its size in pixels, and a viewBox for a page that scales it', () => {
    const root = /<svg [^>]*>/.exec(svg)![0]
    const height = /viewBox="0 0 960 (\d+)"/.exec(root)![1]
    expect(root).toContain(`width="960" height="${height}"`)
  })

  it('compares options: a legend naming each with its ranked value, the best marked, a line each', () => {
    const other = oddsTables({ damage: { '0': 0.5, '300': 0.5 }, destroyed: { false: 1 } })
    const chart = renderChartSvg({
      title: 'Compared',
      panels: panelsFor([
        { label: 'Barrage', note: 'expected damage 330', best: true, tables },
        { label: 'Precision', note: 'expected damage 150', tables: other },
      ]),
    })
    expect(chart).toContain('Barrage: expected damage 330 (best)')
    expect(chart).toContain('Precision: expected damage 150<')
    const damage = chart.slice(chart.indexOf('>damage<'), chart.indexOf('>destroyed<'))
    expect(damage.match(/<polyline/g)).toHaveLength(2)
    expect(damage.match(/<rect [^>]*><title>/g)).toHaveLength(6)
  })
})
