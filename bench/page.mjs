#!/usr/bin/env node
// node bench/page.mjs [--edits 30] [--page FILE]: how long the page (dist/web/index.html, build
// first) takes from an edit to its answer drawn, in Debian's chromium (playwright-core), for the questions
// issue 35 wants within 50 ms (shoot, save, roll) and for melee. Each edit is made in the page
// (a field's value set and its input event sent) and timed there, to the frame after the answer
// is drawn; the worker has started first. Milliseconds on this machine, median and slowest, and
// the CPU time of the page's and the worker's threads an edit (chromium's trace): figures for
// docs/speed.md, not a test.
// The functions given to page.evaluate run in the page, with its globals.
/* global document, location, requestAnimationFrame, MutationObserver */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'

const args = process.argv.slice(2)
const arg = (name, def) => (args.includes(name) ? args[args.indexOf(name) + 1] : def)
const EDITS = Number(arg('--edits', 30))
const PAGE = resolve(arg('--page', 'dist/web/index.html'))
const which = spawnSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
  encoding: 'utf8',
})
const executablePath = which.stdout.trim()
if (!executablePath) throw new Error('bench/page.mjs needs chromium (apt-get install -y chromium)')

/** A link, the field edited and the values it takes in turn. */
const CASES = [
  ['shoot', 'shoot?acc=9&evade=4&shots=5&dmg=300&pen=5&armSv=2&hp=1000', 'shots', ['6', '7', '8', '5']],
  [
    'shoot, 3 targets',
    'shoot?acc=9&evade=4&shots=8&dmg=300&targets=3&hp=1000',
    'shots',
    ['9', '10', '7', '8'],
  ],
  ['save', 'save?pen=5&armSv=2&hits=4', 'hits', ['5', '6', '8', '4']],
  ['roll', 'roll?expression=3d6', 'expression', ['4d6kh3', '2d10%2B5', '6d10>=7', '3d6']],
  [
    'melee',
    'melee?atkMelee=9&atkDmg=300&atkPen=5&defMelee=7&defDmg=400&defHp=2500',
    'atkDmg',
    ['400', '500', '300'],
  ],
]

const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const page = await browser.newPage({ viewport: { width: 1000, height: 900 } })
await page.route('**/*', (r) => (/^(file|data|blob):/.test(r.request().url()) ? r.continue() : r.abort()))
const url = pathToFileURL(PAGE).href
await page.goto(`${url}#${CASES[0][1]}`)
await page.waitForFunction(() => document.body.dataset.worker === 'ready', null, { timeout: 30_000 })

/**
 * The CPU time of the page's thread and the worker's, per edit, from chromium's trace (each task's
 * thread time): what the edits cost whatever else the machine runs, where wall times wait for a
 * core. Includes the pauses' idle work and the bench's own observer.
 */
function cpuPerThread(events, edits) {
  const names = new Map(
    events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]),
  )
  const sum = { page: 0, worker: 0 }
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || !e.tdur) continue
    const thread = names.get(`${e.pid}:${e.tid}`)
    if (thread === 'CrRendererMain') sum.page += e.tdur / 1000 / edits
    else if (/DedicatedWorker/.test(thread ?? '')) sum.worker += e.tdur / 1000 / edits
  }
  return sum
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
console.log(`page: edit -> answer drawn (wall), and the CPU an edit costs, ${EDITS} edits each (ms)`)
for (const [name, link, field, values] of CASES) {
  await page.evaluate((h) => (location.hash = h), link)
  await page.waitForFunction(() => !document.getElementById('answer').classList.contains('stale'))
  await browser.startTracing(page, { categories: ['toplevel'] })
  const times = await page.evaluate(
    async ({ field, values, edits }) => {
      const answered = () => Number(document.body.dataset.answered ?? 0)
      const drawn = (after) =>
        new Promise((done) => {
          const check = () =>
            answered() > after && (observer.disconnect(), requestAnimationFrame(() => done()))
          const observer = new MutationObserver(check)
          observer.observe(document.body, { attributes: true })
          check()
        })
      const out = []
      for (let i = 0; i < edits; i++) {
        const input = document.querySelector(`input[name=${field}]`)
        const before = answered()
        const t0 = performance.now()
        input.value = decodeURIComponent(values[i % values.length])
        input.dispatchEvent(new Event('input', { bubbles: true }))
        await drawn(before)
        out.push([performance.now() - t0, Number(document.body.dataset.workMs)])
        // A pause, as between a person's edits: the link is written, the frame painted.
        await new Promise((done) => setTimeout(done, 60))
      }
      return out
    },
    { field, values, edits: EDITS },
  )
  const cpu = cpuPerThread(JSON.parse((await browser.stopTracing()).toString()).traceEvents, EDITS)
  const error = await page.evaluate(() => document.getElementById('status').textContent)
  if (error) throw new Error(`${name}: ${error}`)
  const all = times.map((t) => t[0])
  const work = times.map((t) => t[1])
  const f = (x) => x.toFixed(1).padStart(6)
  console.log(
    `  ${name.padEnd(18)} median ${f(median(all))}  fastest ${f(Math.min(...all))}  slowest ${f(Math.max(...all))}` +
      `  the library's part ${f(median(work))}  CPU: page ${f(cpu.page)}  worker ${f(cpu.worker)}`,
  )
}
await browser.close()
