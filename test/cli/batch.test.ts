import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { mecha, mechaJson } from './in-process.js'
import { BIN } from './run-cli.js'

const ESC = '\u001b[' // an ANSI escape (colour)

/** Lines of JSON in, parsed answers out. */
function batch(lines: string[] | string, args: string[] = [], env?: Record<string, string>) {
  const input = Array.isArray(lines) ? lines.join('\n') + '\n' : lines
  const r = mecha(['batch', ...args], { input, env })
  const out =
    r.stdout === ''
      ? []
      : r.stdout
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l))
  return { ...r, out }
}

const req = (o: Record<string, unknown>) => JSON.stringify(o)
const SHOT = {
  command: 'shoot',
  acc: 9,
  evade: 4,
  shots: 5,
  dmg: 300,
  pen: 5,
  armSv: 2,
  bonus: 'precision',
  defense: 'dodge',
}

/** A batch line's options as the flags of the single command. */
function flags(line: Record<string, unknown>): string[] {
  const out: string[] = [...String(line.command).split(' ')]
  for (const [k, v] of Object.entries(line)) {
    if (k === 'command' || k === 'seed' || k === 'rolls') continue
    const flag = '--' + k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())
    if (v === true) out.push(flag)
    else if (v !== false) out.push(flag, String(v))
  }
  return out
}

const tmp = mkdtempSync(join(tmpdir(), 'mecha-batch-test-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('mecha batch: one answer per line, in order', () => {
  it('mixed good and bad lines: every line answered in order, the run goes on, exit 2', () => {
    const lines = [
      req({ ...SHOT, seed: 'a' }), // 1 good
      '{"command":"shoot","acc":9', // 2 broken JSON
      req({ command: 'shot', acc: 9 }), // 3 unknown command
      req({ ...SHOT, armsv: 2 }), // 4 unknown key
      req({ ...SHOT, acc: 'nine' }), // 5 invalid value
      '[1,2,3]', // 6 not an object
      req({ acc: 9 }), // 7 no command
      req({ ...SHOT, acc: 99 }), // 8 out of range
      req({ command: 'roll', expression: '3d6', seed: 'r' }), // 9 good, another command
      req({ ...SHOT, seed: 'b' }), // 10 good
    ]
    const r = batch(lines)
    expect(r.code).toBe(2)
    expect(r.stderr).toBe('')
    expect(r.out.map((o) => o.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    const good = r.out.filter((o) => !('error' in o)).map((o) => o.line)
    expect(good).toEqual([1, 9, 10])
    const err = (n: number) => r.out[n - 1]
    expect(err(2)).toMatchObject({ code: 'bad-json' })
    expect(err(2).error).toMatch(/not valid JSON/)
    expect(err(3)).toMatchObject({ code: 'unknown-command' })
    expect(err(3).error).toMatch(/"shot" is not a command; did you mean "shoot"/)
    expect(err(4)).toMatchObject({ code: 'unknown-key' })
    expect(err(4).error).toMatch(/"armsv" is not an option of shoot; did you mean "armSv"/)
    expect(err(5).error).toBe('"acc": "nine" is not a whole number; give 0 to 30')
    expect(err(6)).toMatchObject({ code: 'not-an-object' })
    expect(err(7)).toMatchObject({ code: 'missing-command' })
    expect(err(8).error).toBe('"acc": 99 is out of range; give 0 to 30')
    for (const o of r.out.filter((o) => 'error' in o))
      expect(Object.keys(o).sort()).toEqual(['code', 'error', 'line'])
    expect(err(1)).toMatchObject({
      line: 1,
      command: 'shoot',
      seed: 'a',
      bonus: 'precision',
      defense: 'dodge',
    })
    expect(err(9)).toMatchObject({ line: 9, command: 'roll', expression: '3d6', seed: 'r' })
  })

  it('exit 0 when every line resolved; each answer is the --json object plus "line"', () => {
    const r = batch([req({ ...SHOT, seed: 'one' }), req({ ...SHOT, shield: 1, cover: true, seed: 'two' })])
    expect(r.code).toBe(0)
    expect(r.out).toHaveLength(2)
    const single = mechaJson([...flags(SHOT), '--seed', 'one'])
    expect(r.out[0]).toEqual({ line: 1, ...single })
  })

  it('missing choices are auto (never a prompt) and the JSON says so', () => {
    const { bonus: _b, defense: _d, ...open } = SHOT
    const r = batch([req({ ...open, seed: 'x' })])
    expect(r.code).toBe(0)
    expect(r.out[0].chosenBy).toEqual({ bonus: 'auto', defense: 'auto', momentum: 'auto' })
    expect(r.out[0]).toEqual({
      line: 1,
      ...mechaJson([...flags(open), '--bonus', 'auto', '--defense', 'auto', '--seed', 'x']),
    })
  })

  it('error messages name the JSON keys a line uses, not the flags', () => {
    const r = batch([
      req({ command: 'shoot', shots: 5, dmg: 300 }),
      req({ ...SHOT, rolls: [1, 11] }),
      req({ ...SHOT, rolls: [1, 2] }),
    ])
    expect(r.out[0].error).toMatch(/^"acc" is required/)
    expect(r.out[1].error).toMatch(/^"rolls": 11 is not a d10 face/)
    expect(r.out[2]).toMatchObject({ code: 'need-dice' })
    expect(r.out[2].error).toMatch(/^"rolls": ran out after 2 dice/)
  })

  it('"rolls" are physical dice in the command\'s order, like --rolls', () => {
    const line = {
      command: 'shoot',
      acc: 9,
      evade: 4,
      shots: 7,
      dmg: 200,
      bonus: 'none',
      defense: 'none',
      rolls: [1, 1, 4, 5, 7, 7, 10],
    }
    const r = batch([req(line), req({ ...line, rolls: 'x' })])
    expect(r.out[0]).toEqual({ line: 1, ...mechaJson([...flags(line), '--rolls', '1,1,4,5,7,7,10']) })
    expect(r.out[0]).toMatchObject({ hits: 5, damage: 1000, seed: null })
    expect(r.out[1]).toMatchObject({ code: 'bad-roll' })
  })
})

describe('mecha batch: seeds', () => {
  const lines = [
    { ...SHOT },
    { ...SHOT, shots: 7, shield: 1 },
    { command: 'shoot', acc: 8, evade: 3, shots: 4, dmg: 500, pen: '6S', armSv: 1, momentum: 2, hp: 1500 },
    { ...SHOT, seed: 'own' },
    { command: 'roll', expression: '4d6kh3' },
  ]

  it('--seed S gives each unseeded line the seed S:<line>, and each line replays alone through the single command', () => {
    const r = batch(lines.map(req), ['--seed', 'league-7'])
    expect(r.code).toBe(0)
    expect(r.out.map((o) => o.seed)).toEqual(['league-7:1', 'league-7:2', 'league-7:3', 'own', 'league-7:5'])
    r.out.forEach((o, i) => {
      if (lines[i].command === 'roll') {
        // (`mecha roll EXPR` drops its positional argument on this branch's base; main fixed it
        // in parseValues. The roll line is replayed alone through batch instead.)
        const alone = batch([req({ ...lines[i], seed: o.seed })])
        expect({ ...alone.out[0], line: i + 1 }).toEqual(o)
        return
      }
      const single = mechaJson([...flags(lines[i]), '--seed', o.seed])
      expect({ line: i + 1, ...single }).toEqual(o)
    })
  })

  it('the whole batch is reproducible, and a line replays alone in batch too', () => {
    const a = batch(lines.map(req), ['--seed', 's'])
    const b = batch(lines.map(req), ['--seed', 's'])
    expect(a.stdout).toBe(b.stdout)
    const alone = batch([req({ ...lines[2], seed: a.out[2].seed })])
    expect({ ...alone.out[0], line: 3 }).toEqual(a.out[2])
  })

  it('without --seed, each line gets a fresh seed that is reported', () => {
    const r = batch([req(SHOT), req(SHOT)])
    expect(typeof r.out[0].seed).toBe('string')
    expect(r.out[0].seed).not.toBe(r.out[1].seed)
    expect({ line: 1, ...mechaJson([...flags(SHOT), '--seed', r.out[0].seed]) }).toEqual(r.out[0])
  })

  it('a bad seed is an error for that line', () => {
    const r = batch([
      req({ ...SHOT, seed: '' }),
      req({ ...SHOT, seed: { a: 1 } }),
      req({ ...SHOT, seed: 42 }),
    ])
    expect(r.out[0]).toMatchObject({ code: 'bad-seed' })
    expect(r.out[1]).toMatchObject({ code: 'bad-seed' })
    expect(r.out[2]).toMatchObject({ seed: '42' })
  })
})

describe('mecha batch: --odds and --summary', () => {
  it('--odds applies to every line; each map sums to 1', () => {
    const r = batch(
      [req(SHOT), req({ ...SHOT, shots: 3 }), req({ command: 'roll', expression: '2d6' })],
      ['--odds'],
    )
    expect(r.code).toBe(0)
    for (const o of r.out) {
      expect(o.odds).toBeDefined()
      expect(o.dice).toBeUndefined()
      const m = o.command === 'roll' ? o.odds.total : o.odds.damage
      expect(Object.values(m as Record<string, number>).reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9)
    }
    expect(r.out[0]).toEqual({ line: 1, ...mechaJson([...flags(SHOT), '--odds']) })
    // a line may opt out; rolls and odds do not mix
    const r2 = batch(
      [req({ ...SHOT, odds: false, seed: 'q' }), req({ ...SHOT, rolls: [1, 2, 3, 4, 5] })],
      ['--odds'],
    )
    expect(r2.out[0].dice).toHaveLength(5)
    expect(r2.out[1]).toMatchObject({ code: 'bad-usage' })
  })

  it('--summary prints counts and per-command means on stderr, stdout unchanged', () => {
    const lines = [
      req({ ...SHOT, seed: 1 }),
      req({ ...SHOT, seed: 2 }),
      'oops',
      '',
      req({ command: 'roll', expression: '1d6', seed: 3 }),
    ]
    const plain = batch(lines)
    const r = batch(lines, ['--summary'])
    expect(r.stdout).toBe(plain.stdout)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/5 lines: 3 resolved, 1 bad, 1 blank/)
    expect(r.stderr).toMatch(/bad-json 1/)
    expect(r.stderr).toMatch(/shoot: 2 resolved/)
    expect(r.stderr).toMatch(/damage\s+mean/)
    expect(r.stderr).not.toContain(ESC)
  })

  it('--summary-json ends stdout with one {"summary": …} object', () => {
    const lines = [
      req({ ...SHOT, seed: 1 }),
      req({ ...SHOT, seed: 2 }),
      'oops',
      req({ command: 'roll', expression: '1d6', seed: 3 }),
    ]
    const r = batch(lines, ['--summary-json'])
    expect(r.out).toHaveLength(5)
    const { summary } = r.out[4]
    expect(summary).toMatchObject({
      lines: 4,
      blank: 0,
      resolved: 3,
      errors: 1,
      errorCodes: { 'bad-json': 1 },
    })
    const dmg = r.out.slice(0, 2).map((o) => o.damage)
    expect(summary.commands.shoot.resolved).toBe(2)
    expect(summary.commands.shoot.fields.damage).toEqual({
      mean: (dmg[0] + dmg[1]) / 2,
      min: Math.min(...dmg),
      max: Math.max(...dmg),
    })
    expect(summary.commands.roll.fields.total.mean).toBe(r.out[3].total)
  })
})

describe('mecha batch: what pipelines throw at it', () => {
  it('blank lines are skipped but counted; CRLF and a missing final newline work', () => {
    const text =
      '\r\n' +
      req({ ...SHOT, seed: 'a' }) +
      '\r\n   \r\n\t\n' +
      req({ ...SHOT, seed: 'b' }) +
      '\r\n' +
      req({ ...SHOT, seed: 'c' })
    const r = batch(text)
    expect(r.code).toBe(0)
    expect(r.out.map((o) => [o.line, o.seed])).toEqual([
      [2, 'a'],
      [5, 'b'],
      [6, 'c'],
    ])
    expect(r.stdout.endsWith('\n')).toBe(true)
    expect(r.stdout).not.toMatch(/\r/)
  })

  it('a byte-order mark and empty input', () => {
    expect(batch('\ufeff' + req({ ...SHOT, seed: 'a' }) + '\n').out[0]).toMatchObject({ line: 1, seed: 'a' })
    const empty = batch('')
    expect(empty.code).toBe(0)
    expect(empty.stdout).toBe('')
  })

  it('__proto__ and other prototype keys are rejected as unknown keys and pollute nothing', () => {
    const lines = [
      '{"command":"shoot","acc":9,"shots":5,"dmg":300,"__proto__":{"cover":true,"polluted":1}}',
      '{"__proto__":{"command":"shoot"},"acc":9,"shots":5,"dmg":300}',
      '{"command":"__proto__"}',
      '{"command":"constructor"}',
      '{"command":"shoot","acc":9,"shots":5,"dmg":300,"constructor":1}',
      '{"command":"shoot","acc":9,"shots":5,"dmg":300,"hasOwnProperty":1}',
      '{"command":"shoot","acc":9,"shots":5,"dmg":300,"pen":{"__proto__":{"value":5}}}',
      req({ ...SHOT, seed: 'after' }),
    ]
    const r = batch(lines)
    expect(r.out.map((o) => o.code ?? 'ok')).toEqual([
      'unknown-key',
      'missing-command',
      'unknown-command',
      'unknown-command',
      'unknown-key',
      'unknown-key',
      'bad-value',
      'ok',
    ])
    expect(r.out[0].error).toMatch(/"__proto__" is not an option of shoot/)
    // the line after is untouched: no cover block, no stray field
    expect(r.out[7]).toEqual({ line: 8, ...mechaJson([...flags(SHOT), '--seed', 'after']) })
    expect(r.stdout).not.toMatch(/polluted/)
  })

  it('very long lines resolve; a line past the limit is one error and the run goes on', () => {
    const padded = `{"command":"shoot",${' '.repeat(3_000_000)}"acc":9,"shots":5,"dmg":300,"seed":"long"}`
    const huge = `{"command":"shoot","note":"${'x'.repeat(17 * 1024 * 1024)}"}`
    const longName = req({ command: 'x'.repeat(100_000) })
    const r = batch([padded, huge, req({ ...SHOT, seed: 'z' }), longName])
    expect(r.out.map((o) => [o.line, o.code ?? o.seed])).toEqual([
      [1, 'long'],
      [2, 'line-too-long'],
      [3, 'z'],
      [4, 'unknown-command'],
    ])
    // the answer to a runaway line stays short
    expect(r.out[3].error.length).toBeLessThan(200)
  })

  it('reads a file argument, and "-" for stdin', () => {
    const file = join(tmp, 'in.jsonl')
    writeFileSync(file, [req({ ...SHOT, seed: 'f' }), 'nope'].join('\n'))
    const r = mecha(['batch', file])
    expect(r.code).toBe(2)
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).line),
    ).toEqual([1, 2])
    const dash = mecha(['batch', '-'], { input: req({ ...SHOT, seed: 'f' }) })
    expect(JSON.parse(dash.stdout)).toEqual(JSON.parse(r.stdout.split('\n')[0]))
  })

  it('a missing file or a directory: exit 2, one line on stderr', () => {
    for (const f of [join(tmp, 'missing.jsonl'), tmp]) {
      const r = mecha(['batch', f])
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
      expect(r.stderr).toMatch(/^mecha: batch: /)
    }
  })

  it('a consumer that closes early (| head -1): quiet exit, no EPIPE trace', () => {
    const file = join(tmp, 'many.jsonl')
    writeFileSync(
      file,
      Array.from({ length: 20_000 }, (_, i) => req({ ...SHOT, seed: `h${i}` })).join('\n') + '\n',
    )
    const r = spawnSync(
      'bash',
      [
        '-c',
        `"${process.execPath}" "${BIN}" batch "${file}" 2>"${file}.err" | head -1; echo "status \${PIPESTATUS[0]}"; cat "${file}.err"`,
      ],
      {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '' },
        timeout: 30_000,
      },
    )
    const [first, status, ...rest] = r.stdout.trim().split('\n')
    expect(JSON.parse(first)).toMatchObject({ line: 1, seed: 'h0' })
    expect(status).toBe('status 0')
    expect(rest.join('\n')).toBe('')
  })

  it('refuses to wait on a terminal: a one-line hint, exit 2', () => {
    const py = [
      'import json, os, pty, subprocess, sys',
      'm, s = pty.openpty()',
      'p = subprocess.run(sys.argv[1:], stdin=s, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=10)',
      'print(json.dumps({"code": p.returncode, "stdout": p.stdout.decode(), "stderr": p.stderr.decode()}))',
    ].join('\n')
    const r = spawnSync('python3', ['-c', py, process.execPath, BIN, 'batch'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
      timeout: 20_000,
    })
    const out = JSON.parse(r.stdout)
    expect(out.code).toBe(2)
    expect(out.stdout).toBe('')
    expect(out.stderr).toMatch(/^mecha: batch: give a file or pipe JSON lines in/)
    expect(out.stderr.trim().split('\n')).toHaveLength(1)
  })
})

describe('mecha batch: streaming', () => {
  it('answers each line before the input ends (tail -f log | mecha batch)', async () => {
    const child = spawn(process.execPath, [BIN, 'batch', '--seed', 'live'], {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let buffered = ''
    const waiting: Array<(line: string) => void> = []
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (d: string) => {
      buffered += d
      let nl
      while ((nl = buffered.indexOf('\n')) !== -1 && waiting.length) {
        const l = buffered.slice(0, nl)
        buffered = buffered.slice(nl + 1)
        waiting.shift()!(l)
      }
    })
    const nextLine = () =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer while stdin was still open')), 10_000)
        waiting.push((l) => {
          clearTimeout(timer)
          resolve(l)
        })
      })
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve))

    const a = nextLine()
    child.stdin.write(req(SHOT) + '\n')
    expect(JSON.parse(await a)).toMatchObject({ line: 1, seed: 'live:1' })
    // part of a line first: no answer until its newline arrives
    const b = nextLine()
    child.stdin.write('{"command":"roll",')
    await new Promise((r) => setTimeout(r, 200))
    expect(buffered).toBe('')
    child.stdin.write('"expression":"2d6"}\n')
    expect(JSON.parse(await b)).toMatchObject({ line: 2, command: 'roll', seed: 'live:2' })
    const c = nextLine()
    child.stdin.write('nope\n')
    expect(JSON.parse(await c)).toMatchObject({ line: 3, code: 'bad-json' })
    child.stdin.end()
    expect(await exited).toBe(2)
  }, 30_000)
})

describe('mecha batch: a long mixed run', () => {
  // ~2,600 lines (~230 KB): lines spanning chunk boundaries, blank and CRLF lines, bad lines,
  // every rule set, and a line that only resolves once (a bad --rolls).
  const lines: string[] = []
  for (let i = 0; i < 2600; i++) {
    const k = i % 13
    if (k === 0) lines.push(req({ ...SHOT, shots: 1 + (i % 10), seed: `j${i}` }))
    else if (k === 1) lines.push('')
    else if (k === 2)
      lines.push(
        req({ command: 'melee', atkMelee: 4 + (i % 5), defMelee: 3 + (i % 4), atkDmg: 300, defDmg: 200 }) +
          '\r',
      )
    else if (k === 3) lines.push('{"command":"shoot",')
    else if (k === 4) lines.push(req({ command: 'wargroup shoot', acu: 3 + (i % 3), def: 2, str: 5, arm: 3 }))
    else if (k === 5) lines.push(req({ ...SHOT, acc: 99 }))
    else if (k === 6) lines.push(req({ command: 'roll', expression: '3d6' }))
    else if (k === 7) lines.push(req({ ...SHOT, rolls: [1, 2] }))
    else lines.push(req({ ...SHOT, bonus: 'auto', defense: 'auto', hp: 400 + i }))
  }
  const input = lines.join('\n') // no final newline
  const run = (args: string[]) => mecha(['batch', '--seed', 'par', ...args], { input })
  // The run with --summary-json, made once: the second run of the first test, read by the next.
  let summed: ReturnType<typeof run> | undefined
  const withSummary = () => (summed ??= run(['--summary-json']))

  it('every non-blank line answered, in order, the same on every run', () => {
    const one = run([])
    expect(one.code).toBe(2)
    expect(one.stderr).toBe('')
    const out = one.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(out).toHaveLength(2600 - 200) // blank lines get no answer
    expect(out.at(-1).line).toBe(2600)
    // Run again (with --summary-json, which only adds its line at the end): the same answers.
    const again = withSummary().stdout
    expect(again.slice(0, again.lastIndexOf('\n', again.length - 2) + 1)).toBe(one.stdout)
  }, 60_000)

  it('--summary-json counts every line', () => {
    const r = withSummary()
    const s = JSON.parse(r.stdout.trimEnd().split('\n').at(-1)!).summary
    expect(s).toMatchObject({
      lines: 2600,
      blank: 200,
      resolved: 1800,
      errors: 600,
      errorCodes: { 'bad-json': 200, 'out-of-range': 200, 'need-dice': 200 },
    })
  }, 60_000)

  it('--jobs is gone (0.1.0 had worker threads): an unknown option, exit 2, one line', () => {
    const r = mecha(['batch', '--jobs', '2'], { input: req(SHOT) + '\n' })
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^mecha: unknown option '--jobs'/)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
  })

  it('--batch-worker is no longer an entry point', () => {
    const r = mecha(['--batch-worker'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^mecha: unknown option '--batch-worker'/)
  })
})
