#!/usr/bin/env node
// Records test/frozen/seeds.json: for every example in every command's --help, the command run
// with fixed seeds and the JSON it printed. test/frozen/frozen.test.ts checks them on every CI
// run. Re-recording changes rulings people may have written down: it is a breaking change, to
// be noted in CHANGELOG.md. Usage: npm run build && node scripts/freeze-seeds.mjs
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const BIN = fileURLToPath(new URL('../bin/mecha.js', import.meta.url))
const OUT = fileURLToPath(new URL('../test/frozen/seeds.json', import.meta.url))
const { loadAllSpecs } = await import('../dist/commands/registry.js')

const words = (line) => (line.match(/"[^"]*"|'[^']*'|\S+/g) ?? []).map((w) => w.replace(/^["']|["']$/g, ''))
const cases = []
const seen = new Set()
for (const spec of await loadAllSpecs()) {
  if (!spec.diceOrder) continue
  for (const example of spec.examples ?? []) {
    const argv = words(example).slice(1)
    for (const flag of ['--rolls', '--seed']) {
      const i = argv.indexOf(flag)
      if (i >= 0) argv.splice(i, 2)
    }
    if (argv.includes('--odds')) continue
    for (const seed of ['frozen-1', 'frozen-2']) {
      const args = [...argv, '--seed', seed, '--json']
      const key = args.join(' ')
      if (seen.has(key)) continue
      seen.add(key)
      try {
        const out = execFileSync(process.execPath, [BIN, ...args], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { PATH: process.env.PATH },
        })
        cases.push({ args, result: JSON.parse(out) })
      } catch {
        // an example that needs more than a seed (e.g. physical dice only) is not frozen
      }
    }
  }
}
writeFileSync(OUT, JSON.stringify(cases, null, 1) + '\n')
console.log(`recorded ${cases.length} seeded rulings in ${OUT}`)
