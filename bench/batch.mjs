#!/usr/bin/env node
// Batch throughput against a floor measured in the same run.
//
//   node bench/batch.mjs [--lines 100000] [--runs 3] [--mixed] [--jobs N]
//
// Generates N plain shooting lines with saves (varied seeds; --mixed also varies the parameters
// over a few dozen sets and leaves some choices to auto), then times, each as a child process
// with a minimal environment and the same input file on stdin and stdout piped back here:
//   floor: a bare Node script that only parses and re-serialises each line (same chunked reading
//          and batched writing as batch mode, so only the resolving differs);
//   batch: node bin/mecha.js batch
// and, for reference, answer-floor: the floor, but serialising an answer as large as batch's
// (one real `mecha shoot --json` answer, its seed and line changed per line): what reading,
// parsing and writing alone cost at batch's output size (each answer is ~4x its request).
// Wall time includes Node's start-up. Best of --runs is reported, with CPU time (user + system,
// steadier than wall time on a busy machine) and peak RSS.
// Build first (npm run build).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, openSync, closeSync, rmSync, writeFileSync, createWriteStream } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const args = process.argv.slice(2)
const arg = (name, def) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : def
}
const LINES = Number(arg('--lines', 100_000))
const RUNS = Number(arg('--runs', 3))
const MIXED = args.includes('--mixed')
const JOBS = Number(arg('--jobs', 1)) // also time `mecha batch --jobs N` when N > 1
const BIN = fileURLToPath(new URL('../bin/mecha.js', import.meta.url))

const dir = mkdtempSync(join(tmpdir(), 'mecha-bench-'))
const input = join(dir, 'lines.jsonl')
const floorScript = join(dir, 'floor.mjs')
const answerFloorScript = join(dir, 'answer-floor.mjs')
const sampleFile = join(dir, 'answer.json')
const rssHook = join(dir, 'rss.mjs')

function line(i) {
  if (!MIXED) return { command: 'shoot', acc: 9, evade: 4, shots: 5, dmg: 300, pen: 5, armSv: 2, bonus: 'precision', defense: 'dodge', seed: `b${i}` }
  const k = i % 36
  const req = { command: 'shoot', acc: 7 + (k % 4), evade: 3 + (k % 3), shots: 3 + (k % 5), dmg: 200 + 100 * (k % 3), pen: 4 + (k % 3), armSv: 2, seed: `b${i}` }
  if (k % 2) Object.assign(req, { bonus: 'precision', defense: 'dodge' }) // else both auto
  return req
}

async function writeInput() {
  const out = createWriteStream(input)
  let buf = ''
  for (let i = 0; i < LINES; i++) {
    buf += JSON.stringify(line(i)) + '\n'
    if (buf.length > 1 << 16) {
      if (!out.write(buf)) await new Promise((r) => out.once('drain', r))
      buf = ''
    }
  }
  out.end(buf)
  await new Promise((r) => out.on('finish', r))
}

// Both floors read stdin in chunks, split lines and write per chunk; they differ only in the
// answer each line gets. `answer` is an expression over the parsed line `req` and its number `n`.
const floorLoop = (prelude, answer) => `${prelude}
let rest = '', n = 0
for await (const chunk of process.stdin.setEncoding('utf8')) {
  const text = rest + chunk
  let start = 0, nl, out = ''
  while ((nl = text.indexOf('\\n', start)) !== -1) {
    const req = JSON.parse(text.slice(start, nl))
    start = nl + 1
    n++
    out += JSON.stringify(${answer}) + '\\n'
  }
  rest = text.slice(start)
  if (!process.stdout.write(out)) await new Promise((r) => process.stdout.once('drain', r))
}
if (rest) { const req = JSON.parse(rest); n++; process.stdout.write(JSON.stringify(${answer}) + '\\n') }
`

// The floor: JSON.parse and JSON.stringify of each line, as it came.
writeFileSync(floorScript, floorLoop('', '{ line: n, ...req }'))

// The answer floor: each line answered with a stored batch answer (its seed and line set).
writeFileSync(
  answerFloorScript,
  floorLoop("import { readFileSync } from 'node:fs'\nconst answer = JSON.parse(readFileSync(process.argv[2], 'utf8'))", '(answer.seed = req.seed, { line: n, ...answer })'),
)
writeFileSync(
  rssHook,
  `process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\nmaxrss ' + u.maxRSS + ' cpu ' + (u.userCPUTime + u.systemCPUTime) + '\\n') })\n`,
)

function run(cmdArgs) {
  return new Promise((resolve, reject) => {
    const fd = openSync(input, 'r')
    const t0 = process.hrtime.bigint()
    const child = spawn(process.execPath, ['--import', pathToFileURL(rssHook).href, ...cmdArgs], {
      stdio: [fd, 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '' },
    })
    closeSync(fd)
    let lines = 0
    let bytes = 0
    let stderr = ''
    child.stdout.on('data', (b) => {
      bytes += b.length
      for (let i = b.indexOf(10); i !== -1; i = b.indexOf(10, i + 1)) lines++
    })
    child.stderr.on('data', (b) => (stderr += b))
    child.on('error', reject)
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6
      const m = /\nmaxrss (\d+) cpu (\d+)\n/.exec(stderr)
      const rss = Number(m?.[1] ?? NaN) / 1024
      const cpu = Number(m?.[2] ?? NaN) / 1000
      const rest = stderr.replace(/\nmaxrss \d+ cpu \d+\n/, '').trim()
      if (code !== 0 || lines !== LINES) reject(new Error(`${cmdArgs.join(' ')}: exit ${code}, ${lines} lines out of ${LINES}\n${rest}`))
      else resolve({ ms, cpu, rss, bytes })
    })
  })
}

function sampleAnswer() {
  const first = line(0)
  const argv = ['shoot']
  for (const [k, v] of Object.entries(first)) if (k !== 'command') argv.push('--' + k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase()), String(v))
  const r = spawnSync(process.execPath, [BIN, ...argv, '--json'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } })
  if (r.status !== 0) throw new Error(`mecha ${argv.join(' ')}: ${r.stderr}`)
  writeFileSync(sampleFile, r.stdout)
}

try {
  await writeInput()
  sampleAnswer()
  const best = { floor: null, 'answer-floor': null, batch: null }
  const jobsName = `batch --jobs ${JOBS}`
  if (JOBS > 1) best[jobsName] = null
  for (let r = 0; r < RUNS; r++) {
    for (const [name, cmd] of [
      ['floor', [floorScript]],
      ['answer-floor', [answerFloorScript, sampleFile]],
      ['batch', [BIN, 'batch']],
      ...(JOBS > 1 ? [[jobsName, [BIN, 'batch', '--jobs', String(JOBS)]]] : []),
    ]) {
      const res = await run(cmd)
      if (!best[name] || res.ms < best[name].ms) best[name] = res
    }
  }
  const show = (name) => {
    const b = best[name]
    const rate = Math.round(LINES / (b.ms / 1000)).toLocaleString('en-US')
    const vs = name === 'floor' ? '' : `  ${(b.ms / best.floor.ms).toFixed(2)}x wall, ${(b.cpu / best.floor.cpu).toFixed(2)}x cpu`
    return `${name.padEnd(16)} ${b.ms.toFixed(0).padStart(6)} ms wall ${b.cpu.toFixed(0).padStart(6)} ms cpu ${rate.padStart(9)} lines/s  peak RSS ${b.rss.toFixed(0).padStart(3)} MiB  out ${(b.bytes / 1048576).toFixed(1).padStart(5)} MiB${vs}`
  }
  console.log(`${LINES.toLocaleString('en-US')} ${MIXED ? 'mixed' : 'plain'} shooting lines, best of ${RUNS} (Node ${process.version})`)
  for (const name of Object.keys(best)) console.log(show(name))
  const ratio = best.batch.ms / best.floor.ms
  console.log(`batch: ${ratio.toFixed(2)}x the floor's wall time (target: within 2x) ${ratio <= 2 ? 'OK' : 'SLOW'}`)
  // --json: one machine-readable line last, for npm run bench.
  if (args.includes('--json')) {
    const jobs = JOBS > 1 ? { jobs: JOBS, jobsMs: +best[jobsName].ms.toFixed(1), jobsRatio: +(best[jobsName].ms / best.floor.ms).toFixed(2) } : {}
    console.log(JSON.stringify({ lines: LINES, floorMs: +best.floor.ms.toFixed(1), answerFloorMs: +best['answer-floor'].ms.toFixed(1), mechaMs: +best.batch.ms.toFixed(1), ratio: +ratio.toFixed(2), answerFloorRatio: +(best['answer-floor'].ms / best.floor.ms).toFixed(2), ...jobs }))
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
