// The safety net for a redesign: every answer of a large command corpus, recorded from one build
// and checked byte for byte against another.
//
//   node scripts/corpus.mjs record   # run the corpus through bin/mecha.js, write scripts/corpus/answers.jsonl.gz
//   node scripts/corpus.mjs check    # run it again, list every answer that changed (exit 1 if any)
//   node scripts/corpus.mjs list     # print the command lines only
//
// The lines: every example in every command's --help and in the README and docs/, each run as
// written and as a seeded roll, with --json, --explain, --odds (text, JSON, CSV, --explain, a
// chart on stdout) and --compare where the command has it; and a batch of JSON lines. Run after
// `npm run build`. Each answer keeps the exit code, stdout and stderr.
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync, readdirSync, mkdirSync } from 'node:fs'
import { gzipSync, gunzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

const root = fileURLToPath(new URL('..', import.meta.url))
const BIN = path.join(root, 'bin/mecha.js')
const STORE = path.join(root, 'scripts/corpus/answers.jsonl.gz')

function shellWords(line) {
  const out = []
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g
  let m
  while ((m = re.exec(line))) out.push(m[1] ?? m[2] ?? m[3])
  return out
}

/** `mecha …` lines of the README and docs/ (continuations joined, comments and pipes cut). */
function docLines() {
  const files = [
    path.join(root, 'README.md'),
    ...readdirSync(path.join(root, 'docs')).map((f) => path.join(root, 'docs', f)),
  ]
  const out = []
  for (const f of files.filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(f, 'utf8').replace(/\\\n\s*/g, '')
    for (const raw of text.split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').trim()
      if (!line.startsWith('mecha ') || /[|<>]/.test(line.replace(/'[^']*'/g, ''))) continue
      if (/--plot (?!-)|completion|batch/.test(line)) continue
      out.push(line)
    }
  }
  return out
}

async function helpExamples() {
  const { loadAllSpecs } = await import(path.join(root, 'dist/commands/registry.js'))
  const out = []
  const compare = new Set()
  for (const spec of await loadAllSpecs()) {
    for (const line of spec.examples ?? []) out.push(line)
    if (spec.model.compare) compare.add(spec.name)
  }
  return { lines: out, compare }
}

const MODE_FLAGS = new Set(['--odds', '--json', '--explain', '--csv', '--compare', '--auto', '--no-color'])

async function corpus(bin) {
  const { lines: help, compare } = await helpExamples()
  const base = [...new Set([...help, ...docLines()])]
  const runs = []
  const seen = new Set()
  const add = (words) => {
    const key = JSON.stringify(words)
    if (!seen.has(key)) {
      seen.add(key)
      runs.push({ argv: words })
    }
  }
  base.forEach((line, i) => {
    const words = shellWords(line).slice(1)
    add(words)
    add([...words, '--json'])
    // The command and its inputs alone, then each mode.
    const plain = []
    for (let j = 0; j < words.length; j++) {
      if (words[j] === '--seed' || words[j] === '--rolls' || words[j] === '--plot') j++
      else if (!MODE_FLAGS.has(words[j])) plain.push(words[j])
    }
    const name = compare.has(plain[0]) ? plain[0] : null
    const seed = ['--seed', `corpus${i}`]
    add([...plain, ...seed])
    add([...plain, ...seed, '--json'])
    add([...plain, ...seed, '--explain'])
    add([...plain, '--odds'])
    add([...plain, '--odds', '--json'])
    add([...plain, '--odds', '--explain'])
    add([...plain, '--odds', '--csv'])
    if (i % 4 === 0) add([...plain, '--odds', '--plot', '-'])
    if (name) {
      add([...plain, '--odds', '--compare'])
      add([...plain, '--odds', '--compare', '--json'])
    }
  })
  // Every trait on each side it applies to, in a shot and in a melee clash with its splits given.
  const traits = JSON.parse((await run(bin, { argv: ['traits', '--json'] })).stdout).traits
  const shot = [
    'shoot',
    '--acc',
    '8',
    '--evade',
    '3',
    '--shots',
    '4',
    '--dmg',
    '300',
    '--pen',
    '5',
    '--arm-sv',
    '2',
    '--hp',
    '1200',
  ]
  const clash = [
    'melee',
    '--atk-melee',
    '8',
    '--atk-dmg',
    '300',
    '--atk-pen',
    '5',
    '--def-melee',
    '7',
    '--def-dmg',
    '300',
    '--def-hp',
    '2000',
    '--atk-hp',
    '1500',
    '--atk-split',
    '6/2',
    '--def-split',
    '5/2',
  ]
  traits.forEach((t, i) => {
    for (const side of t.shoot) {
      const line = [...shot, side === 'attacker' ? '--trait' : '--def-trait', t.name]
      add([...line, '--seed', `t${i}`, '--json'])
      add([...line, '--seed', `t${i}`])
      add([...line, '--odds', '--json'])
    }
    for (const side of t.melee) {
      const line = [...clash, side === 'attacker' ? '--atk-trait' : '--def-trait', t.name]
      add([...line, '--seed', `t${i}`, '--json'])
      add([...line, '--odds', '--json'])
    }
  })
  // A batch of JSON lines: the seeded and odds JSON of a sample, through batch mode.
  const batch = []
  for (const line of help) {
    const words = shellWords(line).slice(1)
    const sub = words[0] === 'wargroup' || words[0] === 'formation' || words[0] === 'mining'
    batch.push({ words: sub ? words.slice(0, 2) : words.slice(0, 1), rest: words.slice(sub ? 2 : 1) })
  }
  runs.push({ argv: ['batch'], input: batchInput(batch) })
  return runs
}

function batchInput(cmds) {
  const out = []
  cmds.forEach(({ words, rest }, i) => {
    const req = { command: words.join(' '), seed: `b${i}` }
    for (let j = 0; j < rest.length; j++) {
      const w = rest[j]
      if (!w.startsWith('--')) {
        req._args = [...(req._args ?? []), w]
        continue
      }
      const key = w.slice(2).replace(/-([a-z])/g, (_, c) => c.toUpperCase())
      if (key === 'seed' || key === 'rolls') {
        j++
        continue
      }
      if (MODE_FLAGS.has(w)) continue
      const next = rest[j + 1]
      const value = next === undefined || next.startsWith('--') ? true : (j++, next)
      req[key] = req[key] === undefined ? value : [].concat(req[key], value)
    }
    if (req._args) {
      req.expression = req._args[0]
      delete req._args
    }
    out.push(JSON.stringify(req))
    out.push(JSON.stringify({ ...req, odds: true, seed: undefined }))
  })
  return out.join('\n') + '\n'
}

function run(bin, { argv, input }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...argv], {
      env: { PATH: process.env.PATH ?? '' },
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d))
    child.stdin.on('error', () => {})
    child.stdin.end(input ?? '')
    // Where the binary's checkout is (`mecha examples` prints it) is the machine's, not an answer.
    const here = path.dirname(path.dirname(bin)) + path.sep
    const mine = (text) => text.split(here).join('<checkout>/')
    child.on('close', (code) => resolve({ code, stdout: mine(stdout), stderr: mine(stderr) }))
  })
}

async function runAll(runs, bin) {
  const answers = new Array(runs.length)
  let next = 0
  const workers = Array.from({ length: 3 }, async () => {
    while (next < runs.length) {
      const i = next++
      answers[i] = {
        argv: runs[i].argv,
        ...(runs[i].input ? { input: runs[i].input } : {}),
        ...(await run(bin, runs[i])),
      }
    }
  })
  await Promise.all(workers)
  return answers
}

const mode = process.argv[2]
const binArg = process.argv.indexOf('--bin')
const bin = binArg > 0 ? path.resolve(process.argv[binArg + 1]) : BIN
if (mode === 'list') {
  for (const r of await corpus(bin)) console.log(['mecha', ...r.argv].join(' '))
} else if (mode === 'record') {
  const runs = await corpus(bin)
  const answers = await runAll(runs, bin)
  mkdirSync(path.dirname(STORE), { recursive: true })
  writeFileSync(STORE, gzipSync(answers.map((a) => JSON.stringify(a)).join('\n') + '\n', { level: 9 }))
  console.log(`recorded ${answers.length} answers in ${path.relative(root, STORE)}`)
} else if (mode === 'check') {
  // The recorded runs are replayed as recorded (a later build's examples may differ).
  const recorded = gunzipSync(readFileSync(STORE))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
  const answers = await runAll(recorded, bin)
  let changed = 0
  recorded.forEach((want, i) => {
    const got = answers[i]
    for (const k of ['code', 'stdout', 'stderr']) {
      if (got[k] === want[k]) continue
      changed++
      const w = String(want[k]).split('\n')
      const g = String(got[k]).split('\n')
      const at = w.findIndex((l, j) => l !== g[j])
      console.log(`changed: mecha ${want.argv.join(' ')} (${k}, line ${at + 1})`)
      console.log(`  was: ${(w[at] ?? '<end>').slice(0, 200)}`)
      console.log(`  now: ${(g[at] ?? '<end>').slice(0, 200)}`)
      break
    }
  })
  console.log(`${recorded.length} answers checked, ${changed} changed`)
  process.exit(changed ? 1 : 0)
} else {
  console.error('usage: node scripts/corpus.mjs record|check|list [--bin bin/mecha.js]')
  process.exit(2)
}
