#!/usr/bin/env node
// A roster of N units for timing roster reads: the units of examples/roster.yaml, copied in turn
// with a number after each name (argonaut-1, dervish-1, …, argonaut-2, …), comments and all.
//   node bench/roster-gen.mjs 500 > /tmp/roster-500.yaml
// The first copy keeps the example's names, so `argonaut:machine-gun dervish` names units in it.
import { readFileSync } from 'node:fs'

const n = Number(process.argv[2])
if (!Number.isInteger(n) || n < 1) {
  process.stderr.write('usage: node bench/roster-gen.mjs UNITS > roster.yaml\n')
  process.exit(2)
}
const text = readFileSync(new URL('../examples/roster.yaml', import.meta.url), 'utf8')
const body = text.slice(text.indexOf('\nunits:\n') + '\nunits:\n'.length)
// Each unit: its `  name:` line and the lines under it, up to the next unit.
const units = body.split(/\n(?= {2}[a-z0-9-]+:\s*$)/m).map((u) => u.replace(/\n+$/, ''))
const out = ['units:']
for (let i = 0; i < n; i++) {
  const u = units[i % units.length]
  const copy = Math.floor(i / units.length)
  out.push(copy === 0 ? u : u.replace(/^( {2}[a-z0-9-]+)(:)/, `$1-${copy}$2`), '')
}
process.stdout.write(out.join('\n'))
