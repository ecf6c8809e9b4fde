// Seeded sampling rate: SeededDice against a bare loop drawing the same faces from the same
// generator (what any implementation must at least do). Prints one JSON line.
import alea from 'seedrandom/lib/alea.js'
import { SeededDice } from '../dist/core/seeded.js'

const N = 2_000_000
function bare() {
  const prng = alea('bench')
  let s = 0
  const t = performance.now()
  for (let i = 0; i < N; i++) {
    const u = prng.int32() >>> 0
    if (u < 4294967290) s += (u % 10) + 1
  }
  return { ms: performance.now() - t, s }
}
function ours() {
  const t = performance.now()
  let s = 0
  // pools of 10, as a 10-shot attack asks for them; every die is recorded, as in a real roll
  let d = new SeededDice('bench')
  for (let i = 0; i < N / 10; i++) {
    if (i % 10_000 === 0) d = new SeededDice('bench') // a resolution's worth of dice, not millions
    for (const f of d.pool(10, 10, 'evade')) s += f
  }
  return { ms: performance.now() - t, s }
}
bare()
ours()
const b = bare()
const o = ours()
console.log(JSON.stringify({ dice: N, bareMs: +b.ms.toFixed(1), diceMs: +o.ms.toFixed(1), bareRate: Math.round(N / (b.ms / 1000)), diceRate: Math.round(N / (o.ms / 1000)) }))
