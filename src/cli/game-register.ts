import { type Command, Option } from 'commander'
import { InputError } from '../core/errors.js'
import { MAX_POINTS, MODES } from '../game/modes.js'
import { gamePath, placeOf } from './places.js'
import { type Run, columnsFor } from './io.js'

/**
 * `mecha game …`: a game log that remembers the table (docs/game.md). The commands are declared
 * here; their code (game-command.ts, and the roster's YAML parser for `game new`) is loaded only
 * when one runs. Every command finds its game the same way: --game FILE, else MECHA_GAME, else
 * mecha-game.jsonl in the current directory.
 */
export function registerGame(program: Command, run: Run): void {
  const { io } = run
  const game = program
    .command('game')
    .description(
      'a game log: HP, Momentum and rounds remembered, with undo (new, status, log, set, stats, ...)',
    )
  const load = () => import('./game-command.js')
  const gameFlag = () =>
    new Option('--game <file>', 'the game log (default: MECHA_GAME, then mecha-game.jsonl here)')
  const jsonFlag = () => new Option('--json', 'one JSON object on stdout')
  const print = (answer: ({ text: string } | { json: unknown }) & { recorded?: string }) => {
    // Appended before it is printed: should the answer not reach its reader, the failure says so.
    if (answer.recorded) run.recorded = answer.recorded
    run.out.write(
      'json' in answer
        ? JSON.stringify(answer.json, null, io.stdoutIsTTY ? 2 : undefined) + '\n'
        : answer.text + '\n',
    )
  }
  const fileOf = (opts: { game?: string }) => gamePath(opts.game, placeOf(io))
  const whole = (flag: string, min: number, max: number) => (v: string) => {
    const n = Number(v)
    if (!/^\s*\d+\s*$/.test(v) || n < min || n > max)
      throw new InputError(
        'bad-value',
        `game: ${flag} ${JSON.stringify(v.slice(0, 40))} is not a whole number ${min}-${max}`,
      )
    return n
  }

  game
    .command('new')
    .argument('<file>', 'the game log to start (never overwritten)')
    .description('start a game: the roster as it is now, the sides and their starting Momentum')
    .addOption(
      new Option(
        '--roster <file>',
        'roster file (repeatable; default: MECHA_ROSTER, then mecha-roster.yaml)',
      ).argParser((v: string, prev: unknown) => [...(Array.isArray(prev) ? prev : []), v]),
    )
    .addOption(new Option('--mode <mode>', 'the game mode').choices(MODES).makeOptionMandatory())
    .addOption(
      new Option(
        '--points <n>',
        "the points size: each side's starting Momentum (not in defend-the-city)",
      ).argParser(whole('--points', 1, MAX_POINTS)),
    )
    .addOption(jsonFlag())
    .action(
      async (
        file: string,
        opts: { roster?: string[]; mode: (typeof MODES)[number]; points?: number; json?: boolean },
      ) => {
        const g = await load()
        print(g.gameNew(gamePath(file, placeOf(io)), opts, placeOf(io), Boolean(opts.json)))
      },
    )
  game
    .command('status')
    .description("units' HP, Momentum and destroyed, the round, each side's VP")
    .addOption(gameFlag())
    .addOption(jsonFlag())
    .action(async (opts: { game?: string; json?: boolean }) => {
      print((await load()).gameStatus(fileOf(opts), Boolean(opts.json), columnsFor(io, 'stdout')))
    })
  game
    .command('log')
    .description('every event, numbered, undone ones marked')
    .addOption(gameFlag())
    .addOption(jsonFlag())
    .action(async (opts: { game?: string; json?: boolean }) => {
      print((await load()).gameLog(fileOf(opts), Boolean(opts.json)))
    })
  game
    .command('undo')
    .description('undo the last event (an undo too), or every event after N; the log keeps them, marked')
    .addOption(
      new Option('--to <n>', 'undo every event after event N').argParser(whole('--to', 0, 10_000_000)),
    )
    .addOption(gameFlag())
    .addOption(jsonFlag())
    .action(async (opts: { game?: string; json?: boolean; to?: number }) => {
      print((await load()).gameUndo(fileOf(opts), opts.to, Boolean(opts.json)))
    })
  game
    .command('next-round')
    .description('begin the next round: per-round resets, and what to remember')
    .addOption(gameFlag())
    .addOption(jsonFlag())
    .action(async (opts: { game?: string; json?: boolean }) => {
      print((await load()).gameNextRound(fileOf(opts), Boolean(opts.json)))
    })
  game
    .command('set')
    .argument('<unit>', 'the unit corrected')
    .description("a hand correction: a unit's HP, destroyed, its side's Momentum, stun penalties")
    .addOption(new Option('--hp <n>', 'HP left (0: destroyed)').argParser(whole('--hp', 0, 1_000_000)))
    .addOption(new Option('--destroyed', 'the unit is destroyed'))
    .addOption(
      new Option('--momentum <n>', "its side's Momentum (0-10)").argParser(whole('--momentum', 0, 10)),
    )
    .addOption(new Option('--stun <n>', '-1 Action penalties from stun').argParser(whole('--stun', 0, 20)))
    .addOption(gameFlag())
    .addOption(jsonFlag())
    .action(
      async (
        unit: string,
        opts: {
          game?: string
          json?: boolean
          hp?: number
          destroyed?: boolean
          momentum?: number
          stun?: number
        },
      ) => {
        print((await load()).gameSet(fileOf(opts), unit, opts, Boolean(opts.json)))
      },
    )
  game
    .command('stats')
    .description("each side's luck, roll by roll: the damage dealt against the exact odds")
    .addOption(gameFlag())
    .addOption(jsonFlag())
    .action(async (opts: { game?: string; json?: boolean }) => {
      print(await (await load()).gameStats(fileOf(opts), Boolean(opts.json), columnsFor(io, 'stdout')))
    })
  game
    .command('repair')
    .description('keep every whole event of a log with a line cut short')
    .addOption(gameFlag())
    .addOption(jsonFlag())
    .action(async (opts: { game?: string; json?: boolean }) => {
      print((await load()).gameRepair(fileOf(opts), Boolean(opts.json)))
    })
}
