import { describe, expect, it } from 'vitest'
import { mecha } from '../cli/in-process.js'

/**
 * Every `--odds` of formation, wargroup, mining, outmaneuver, initiative, roll and the table's
 * MechaStellar rolls (cover, stun recovery, fall, behaviour) at random
 * inputs drawn at or near the largest values their flags allow (see each command's --help):
 * text and JSON both exit 0, and every map in the JSON is finite and sums to 1 within 1e-12.
 */

/** A small seeded generator, so a failure names inputs that can be run again. */
function rng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Gen = (r: () => number) => string[]
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]
/** Mostly the flag's largest value, sometimes its smallest or a value in between. */
const big = (r: () => number, min: number, max: number): string =>
  String(r() < 0.6 ? max : r() < 0.5 ? min : min + Math.floor(r() * (max - min + 1)))
const flag = (r: () => number, name: string): string[] => (r() < 0.5 ? [name] : [])

const COMMANDS: Record<string, Gen> = {
  'formation ams': (r) => [
    'formation',
    'ams',
    '--ams',
    big(r, 1, 6),
    '--missiles',
    big(r, 1, 100),
    '--shots',
    big(r, 1, 10),
    ...flag(r, '--long-range'),
  ],
  'formation strike': (r) => [
    'formation',
    'strike',
    '--str',
    big(r, -10, 10),
    '--dmg',
    big(r, 0, 1000),
    '--volley',
    big(r, 1, 100),
    '--boxes',
    big(r, 10, 500),
    '--star-boxes',
    '1,2,3,4,5,6,7,8,9,10',
    '--destroy-mod',
    big(r, -5, 5),
    '--def-dod',
    big(r, -10, 10),
    '--def-par',
    big(r, -10, 10),
    '--def-rol',
    big(r, -10, 10),
    '--defense',
    'auto',
    ...pick(r, [['--missile'], ['--melee'], []]),
    ...flag(r, '--knockdown'),
    ...flag(r, '--parry-shield'),
    ...pick(r, [['--burst', '10', '--targets', '10'], ['--split', '10', '--targets', '10'], []]),
  ],
  'formation jam': (r) => [
    'formation',
    'jam',
    '--attempts',
    big(r, 1, 20),
    '--counters',
    big(r, 0, 20),
    ...flag(r, '--countered'),
  ],
  'formation knockdown': (r) => [
    'formation',
    'knockdown',
    '--hits',
    big(r, 1, 20),
    '--actions',
    big(r, 0, 10),
  ],
  'formation destroy-check': (r) => [
    'formation',
    'destroy-check',
    '--stars',
    big(r, 1, 50),
    '--mod',
    big(r, -5, 5),
  ],
  'formation initiative': (r) => [
    'formation',
    'initiative',
    '--a-mod',
    big(r, -6, 6),
    '--b-mod',
    big(r, -6, 6),
    '--a-formations',
    big(r, 1, 200),
    '--b-formations',
    big(r, 1, 200),
  ],
  'wargroup burn': (r) => [
    'wargroup',
    'burn',
    ...pick(r, [
      [],
      ['--turns', big(r, 1, 50)],
      ['--dam', big(r, 1, 100)],
      ['--turns', big(r, 1, 50), '--dam', big(r, 1, 100)],
    ]),
  ],
  'wargroup void': (r) => [
    'wargroup',
    'void',
    ...pick(r, [[], ['--passes', big(r, 1, 50)], ['--dam', big(r, 1, 100)]]),
  ],
  'wargroup shoot': (r) => [
    'wargroup',
    'shoot',
    '--acu',
    big(r, 0, 20),
    '--def',
    big(r, 0, 20),
    '--str',
    big(r, 0, 20),
    '--arm',
    big(r, 0, 20),
    '--dam',
    big(r, 1, 1000),
    ...pick(r, [[], ['--aim', 'movement'], ['--aim', 'module', '--mtp', big(r, 0, 20)]]),
  ],
  'wargroup initiative': () => ['wargroup', 'initiative'],
  outmaneuver: (r) => [
    'outmaneuver',
    '--atk-dice',
    big(r, 0, 15),
    '--def-dice',
    big(r, 0, 15),
    '--atk-reroll',
    big(r, 0, 5),
    '--def-reroll',
    big(r, 0, 5),
    '--atk-pilot',
    '2',
    '--def-pilot',
    '2',
    '--atk-momentum',
    big(r, 0, 3),
    '--def-momentum',
    big(r, 0, 3),
    ...flag(r, '--bridge'),
  ],
  initiative: () => ['initiative'],
  'mining shoot': (r) => [
    'mining',
    'shoot',
    '--markers',
    big(r, 0, 1),
    '--target-damage',
    big(r, 0, 3),
    '--lost',
    big(r, 0, 99),
    ...flag(r, '--cover'),
    ...flag(r, '--high-ground'),
    ...flag(r, '--lock'),
    ...flag(r, '--suppress'),
  ],
  'mining ap': (r) => ['mining', 'ap', '--units', big(r, 1, 99)],
  'mining repair': (r) => ['mining', 'repair', '--damage', big(r, 0, 3)],
  'wargroup smoke': () => ['wargroup', 'smoke'],
  'wargroup length': () => ['wargroup', 'length'],
  'wargroup building': (r) => ['wargroup', 'building', '--tiles', big(r, 1, 50), '--str', big(r, 0, 20)],
  cover: (r) => [
    'cover',
    '--dmg',
    big(r, 0, 100000),
    ...(r() < 0.5 ? ['--aoe', '--pieces', '2'] : []),
    ...flag(r, '--melee'),
    ...(r() < 0.3 ? ['--direct'] : []),
  ],
  'stun-recover': (r) => ['stun-recover', '--penalty', big(r, 0, 20), '--actions', big(r, 1, 10)],
  fall: () => ['fall'],
  behavior: (r) => [
    'behavior',
    ...pick(r, [
      ['--situation', 'hurt'],
      ['--situation', 'cover', '--commander'],
      ['--table', 'kaiju', '--situation', 'near', '--return-fire'],
    ]),
  ],
  'mining resolve': (r) => ['mining', 'resolve', '--eliminated', big(r, 1, 99)],
  roll: (r) => [
    'roll',
    pick(r, [
      '8d20kh1',
      '10d20kh3',
      '12d10kh3',
      '20d6kh3',
      '100d100',
      '40d1000',
      '100d10kl5',
      '100d1000>=500',
      '50d20dl25',
      '3d6+2-1d4',
      '100d6kh10>=5',
    ]),
  ],
}

/** Every object in the JSON whose values are all numbers is a map of chances (or of means). */
function maps(x: unknown, path: string, out: Array<[string, Record<string, number>]>): void {
  if (x === null || typeof x !== 'object') return
  const values = Object.values(x as Record<string, unknown>)
  if (values.length > 0 && values.every((v) => typeof v === 'number'))
    out.push([path, x as Record<string, number>])
  else for (const [k, v] of Object.entries(x as Record<string, unknown>)) maps(v, `${path}.${k}`, out)
}

describe('--odds at maximal inputs: finite, summing to 1, text and JSON exit 0', () => {
  const cases: Array<[string, string[]]> = []
  for (const [name, gen] of Object.entries(COMMANDS)) {
    const r = rng(name.length * 7919 + name.charCodeAt(0))
    for (let i = 0; i < 3; i++) cases.push([name, gen(r)])
  }

  it.each(cases)('%s %j', (_name, args) => {
    const text = mecha([...args, '--odds'])
    expect(text.stderr).toBe('')
    expect(text.code).toBe(0)
    expect(text.stdout).not.toMatch(/NaN|Infinity|undefined/)
    const json = mecha([...args, '--odds', '--json'])
    expect(json.code).toBe(0)
    const odds = JSON.parse(json.stdout).odds
    const found: Array<[string, Record<string, number>]> = []
    maps(odds, 'odds', found)
    expect(found.length).toBeGreaterThan(0)
    for (const [path, m] of found) {
      for (const v of Object.values(m)) expect(Number.isFinite(v), `${path}: ${v}`).toBe(true)
      if (/expected|tail/.test(path)) continue
      const sum = Object.values(m).reduce((a, b) => a + b, 0)
      expect(Math.abs(sum - 1), `${path} sums to ${sum}`).toBeLessThan(1e-12)
    }
  })
})
