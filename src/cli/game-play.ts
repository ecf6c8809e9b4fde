import { existsSync } from 'node:fs'
import { InputError } from '../core/errors.js'
import { loadSpec } from '../commands/registry.js'
import { namedRequest } from '../runtime/by-name.js'
import { planAttacksOf, planDefenderOf, setPlanFullHp, setPlanSpent } from '../runtime/plan-units.js'
import { limitedUse } from '../rules/stellar/limited-uses.js'
import { type Request, answerRequest } from '../runtime/request.js'
import { type Globals, type RunOutput, quietEnv, runSpec } from '../runtime/run.js'
import { type ChoiceContext, type CommandSpec, camelKey } from '../runtime/spec.js'
import { unitWordsOf } from '../runtime/unit-words.js'
import { battleRound, describeEvent } from '../game/describe.js'
import { ONCE_PER_GAME, resolutionEffects } from '../game/effects.js'
import { type GameReader, type PlayedCommand, gameRole } from '../game/modes.js'
import type { Effect, GameLog, ResolutionEvent } from '../game/log.js'
import { gameFlags, gameRoster, rollRoster, rosterAt, shutDown } from '../game/roster.js'
import { type GameState, applyEvent, inEffect, replay, startState, turnOf } from '../game/state.js'
import { type DamageOdds, type LuckRoll, luckOf } from '../game/stats.js'
import { REMOTE_MOMENTUM_COST } from '../rules/stellar/upgrades.js'
import { declinedList } from '../rules/stellar/declined-skills.js'
import { traitOf } from '../rules/stellar/traits.js'
import { skillCost } from '../game/skills.js'
import { type Roster, lookupUnit, parseUnitRef } from '../rules/stellar/roster.js'
import { type GameOnDisk, appendEvents, loadGame, refuseLinked, reloadGame } from './game-file.js'
import { gamePath } from './places.js'

/**
 * A shot or a charge by unit names, played in a game (docs/game.md): the units, their HP left,
 * the round and the sides' Momentum come from the game, and a roll is appended to it as one
 * `resolution` event (its request, its dice, its effects). `--odds` reads the game and appends
 * nothing. `mecha game stats` resolves each recorded roll again, and its exact odds, here.
 * Loaded only when a game is played.
 */

export interface Play {
  file: { path: string; name: string }
  /** The log as read from its file (and where the reading ended: reloadGame reads on from there). */
  disk: GameOnDisk
  log: GameLog
  state: GameState
  /** The game's units as the header gives them, read once (rosterAt gives them in a state). */
  units: Roster
  /** The game's units, each with its HP left. */
  roster: Roster
}

/**
 * The game a shot by names is played in: `--game FILE`, else MECHA_GAME (either must exist),
 * else mecha-game.jsonl here when there is one; none with `--no-game` (`flag` false).
 */
export function findPlay(
  flag: string | boolean | undefined,
  place: { cwd: string; env: Record<string, string | undefined> },
): Play | undefined {
  if (flag === false) return undefined
  const given = typeof flag === 'string' ? flag : undefined
  const file = gamePath(given, place)
  if (given === undefined && !place.env.MECHA_GAME && !existsSync(file.path)) return undefined
  const disk = loadGame(file.path, file.name)
  const state = replay(disk.log)
  const units = gameRoster(disk.log.header, file.name)
  return { file, disk, log: disk.log, state, units, roster: rosterAt(units, state) }
}

/**
 * The game as its file now holds it: `play` itself when nothing was appended since it was read;
 * else what others appended (and this process) read and replayed on from its state (the whole
 * log again after an undo, or a plan's attacks, which take effect only all together).
 */
export function playNow(
  play: Play,
  disk: GameOnDisk = reloadGame(play.file.path, play.file.name, play.disk),
): Play {
  if (disk === play.disk) return play
  const from = play.log.events.length
  const grew = disk.log.header === play.log.header && disk.log.events.length >= from
  const added = grew ? disk.log.events.slice(from) : []
  const simple = grew && added.every((e) => e.t !== 'undo' && !(e.t === 'resolution' && e.plan))
  const state = simple ? added.reduce(applyEvent, play.state) : replay(disk.log)
  const units = grew ? play.units : gameRoster(disk.log.header, play.file.name)
  return { file: play.file, disk, log: disk.log, state, units, roster: rosterAt(units, state) }
}

/**
 * The round a roll in the game reads (its battle's, describe.ts), refused in one line when the
 * game is over and the roll would be recorded: no flag of the command's is named for a round it
 * was never given.
 */
function gameRound(command: string, play: Play, rolled: boolean): number {
  const b = battleRound(play.state.mode, play.state.round)
  if (b.over && rolled)
    throw new InputError(
      'game-over',
      `${command}: the game is over (${b.battles > 1 ? `its ${b.battles} battles of ${b.rounds} rounds` : `${b.rounds} rounds`} played; mecha game status gives the score), and records no more rolls; if a round was begun by mistake: mecha game undo`,
    )
  return b.round
}

/** The options that give a unit's HP left: with a game, its HP is the game's. */
const HP_KEYS: Record<PlayedCommand, Array<[key: string, flag: string, word: number]>> = {
  shoot: [['hp', '--hp', 1]],
  melee: [
    ['atkHp', '--atk-hp', 0],
    ['defHp', '--def-hp', 1],
  ],
}

const unitKeyOf = (play: Play, word: string) => lookupUnit(play.roster, parseUnitRef(word).unit).key

/** The game's units as a roll by unit names meets them (game/roster.ts, rollRoster). */
function rosterFor(
  play: Play,
  command: PlayedCommand | 'plan',
  words: ReadonlyArray<string | undefined>,
  raw: Record<string, unknown>,
): Roster {
  return rollRoster(play.units, play.state, command, words, raw, play.roster)
}

/**
 * The flags a roll played in a game takes, with what the game gives laid under them: the round
 * (a flag given wins). A roll's HP is the game's: a flag giving it is refused (--odds may ask
 * "what if").
 */
function playedFlags(
  command: PlayedCommand,
  words: ReadonlyArray<string | undefined>,
  raw: Record<string, unknown>,
  play: Play,
  odds: boolean,
): Record<string, unknown> {
  if (!odds)
    for (const [key, flag, word] of HP_KEYS[command])
      if (raw[key] !== undefined) {
        const given = words[word]
        const unit = given === undefined ? undefined : unitKeyOf(play, given)
        const whose = unit ? `${unit}'s HP left (${play.state.units[unit].hp ?? 'none'})` : 'the HP left'
        throw new InputError(
          'bad-combination',
          `${flag}: the game gives ${whose}; drop ${flag} (mecha game set ${unit ?? 'UNIT'} --hp N corrects it), or give --no-game`,
        )
      }
  // Refused before anything is rolled: a roll that could not be recorded is not made.
  if (!odds) refuseLinked(play.file.path, play.file.name)
  const round = gameRound(command, play, !odds)
  const flags = gameFlags(play.units, play.state, command, words, raw)
  return flags.round === undefined ? { ...flags, round: String(round) } : flags
}

const momentumOffer = (v: unknown, targets: number) =>
  Array.isArray(v) ? v.reduce((s: number, x) => s + Number(x), 0) : Number(v ?? 0) * targets

/**
 * Where the request's inputs came from, said: the HP left and the round are the game's (the JSON's
 * `inputs`, as a roster's values are `from: "roster"`).
 */
function saidFromGame(request: Request, play: Play, roundGiven: boolean): void {
  const lists = Array.isArray(request.inputs) ? request.inputs : [request.inputs]
  for (const inputs of lists as Array<Record<string, { value: unknown; from: string; field?: string }>>) {
    if (!inputs) continue
    for (const input of Object.values(inputs))
      if (!Array.isArray(input) && input.from === 'roster' && /^[^.]+\.hp$/.test(input.field ?? ''))
        input.from = 'game'
    if (!roundGiven)
      inputs.round = { value: battleRound(play.state.mode, play.state.round).round, from: 'game' }
  }
}

/**
 * Refuses (one line, exit 2) what the game says cannot happen: a destroyed unit attacking or
 * attacked, a once-per-game Skill used again, more Momentum offered than the side has. Returns
 * the units' keys in the game. `request.inputs` then says which values the game gave.
 */
function checkPlay(
  command: PlayedCommand,
  words: readonly string[],
  request: Request,
  roundGiven: boolean,
  play: Play,
): { attacker: string; defenders: string[] } {
  saidFromGame(request, play, roundGiven)
  const values = request.values as Record<string, unknown>
  const [attacker, ...defenders] = words.map((w) => unitKeyOf(play, w))
  const units = play.state.units
  const fallen = (k: string) =>
    `destroyed${units[k].destroyedRound ? ` in round ${units[k].destroyedRound}` : ''}`
  const fix = (k: string) =>
    `(mecha game status; if that is wrong: mecha game undo, or mecha game set ${k} --hp N)`
  if (units[attacker].destroyed)
    throw new InputError(
      'destroyed',
      `${command}: ${attacker} is ${fallen(attacker)} and cannot attack ${fix(attacker)}`,
    )
  for (const d of defenders)
    if (units[d].destroyed)
      throw new InputError('destroyed', `${command}: ${d} is already ${fallen(d)} ${fix(d)}`)
  // Quickstart, Shutdown: "A unit with less than 0 Actions shuts down until it reactivates"; at
  // its activation it rolls its recovery first, which the game learns from a correction.
  if (shutDown(units[attacker], play.units.byName.get(attacker.toLowerCase())))
    throw new InputError(
      'shut-down',
      `${command}: ${attacker} is shut down (${units[attacker].stun} stun penalties against its 1 Action) and cannot attack until it recovers: roll its recovery (mecha stun-recover --penalty ${units[attacker].stun}) and record what is left with mecha game set ${attacker} --stun N`,
    )
  for (const [key, skill] of Object.entries(ONCE_PER_GAME))
    if (values[key] === true && units[attacker].spent.includes(skill))
      throw new InputError(
        'spent',
        `${command}: ${attacker} has used ${skill} already, and it is once a game (mecha game log)`,
      )
  checkOffers(command, values, attacker, defenders, play)
  return { attacker, defenders }
}

/** Refuses more Momentum offered (Skill Defense, It's not over yet!, Bullseye…) than a side has. */
function checkOffers(
  command: PlayedCommand,
  values: Record<string, unknown>,
  attacker: string,
  defenders: string[],
  play: Play,
): void {
  const units = play.state.units
  const pool = (k: string) => play.state.sides[units[k].side].momentum
  const offers: Array<[unit: string, offered: number, what: string]> =
    command === 'shoot'
      ? [
          [
            defenders[0],
            momentumOffer(values.momentum, defenders.length) + Number(values.notOverYet ?? 0),
            '--momentum and --not-over-yet',
          ],
          [
            attacker,
            (values.bullseye === true ? 1 : 0) + (values.remote === 'momentum' ? REMOTE_MOMENTUM_COST : 0),
            '--bullseye and --remote momentum',
          ],
        ]
      : [
          [
            attacker,
            Number(values.atkMomentum ?? 0) + Number(values.atkNotOverYet ?? 0),
            '--atk-momentum and --atk-not-over-yet',
          ],
          [
            defenders[0],
            Number(values.defMomentum ?? 0) + Number(values.defNotOverYet ?? 0),
            '--def-momentum and --def-not-over-yet',
          ],
        ]
  for (const [unit, offered, what] of offers)
    if (offered > pool(unit))
      throw new InputError(
        'no-momentum',
        `${command}: ${what} offer ${offered} Momentum, and ${units[unit].side} has ${pool(unit)} in the game (mecha game status)`,
      )
}

/** The choices a roll made, as request keys: replaying them never depends on a policy. */
function choicesOf(
  command: PlayedCommand,
  out: { json: Record<string, unknown>; replay?: string[] },
): Record<string, unknown> {
  const j = out.json
  const made: Record<string, unknown> = {}
  if (command === 'shoot') {
    made.bonus = j.bonus
    made.defense = Array.isArray(j.targets)
      ? (j.targets as Array<{ defense: string }>).map((t) => t.defense).join(',')
      : j.defense
  } else {
    const split = (s: unknown) => {
      const o = s as { attack: number; defense: number }
      return `${o.attack}/${o.defense}`
    }
    made.atkSplit = split(j.atkSplit)
    made.defSplit = split(j.defSplit)
    made.defChoice = j.defChoice
  }
  // What a person answered at a prompt mid-way (Momentum, rerolls), as the model replays it.
  const flags = out.replay ?? []
  for (let i = 0; i + 1 < flags.length; i += 2) made[camelKey(flags[i].replace(/^--/, ''))] = flags[i + 1]
  return made
}

/** The request a resolution event keeps: the units named, the flags given, the choices made. */
function recordedRequest(
  spec: CommandSpec,
  words: readonly string[],
  raw: Record<string, unknown>,
  choices: Record<string, unknown>,
): Record<string, unknown> {
  const keys = unitWordsOf(spec.name)!.map((w) => w.key)
  const named: Record<string, unknown> = {}
  keys.forEach((k, i) => {
    const last = i === keys.length - 1
    named[k] = last && words.length > keys.length ? words.slice(i) : words[i]
  })
  return { ...named, ...raw, ...choices }
}

/**
 * Append a roll played in the game as one resolution event; its number and the event. `raw` is
 * the flags as given (the round the game gave is not kept: the replay gives it again).
 */
function recordPlay(
  play: Play,
  command: PlayedCommand,
  words: readonly string[],
  raw: Record<string, unknown>,
  request: Request,
  out: RunOutput,
  units: { attacker: string; defenders: string[] },
  spec: CommandSpec,
): { n: number; event: ResolutionEvent; disk: GameOnDisk } {
  const effects = resolutionEffects(
    { command, ...units, values: request.values as Record<string, unknown>, answer: out.json },
    play.state,
  )
  affordable(command, effects, play.state)
  const dice: { seed?: string; rolls?: number[] } =
    typeof out.json.seed === 'string' ? { seed: out.json.seed } : { rolls: out.json.rolls as number[] }
  const event: ResolutionEvent = {
    t: 'resolution',
    command,
    request: recordedRequest(spec, words, raw, choicesOf(command, out)),
    ...dice,
    effects,
    at: new Date().toISOString(),
  }
  const { first, disk } = appendEvents(play.file.path, play.file.name, [event], play.disk)
  return { n: first, event, disk }
}

/** Refuses effects that spend more Momentum than a side has: nothing is recorded. */
function affordable(command: string, effects: readonly Effect[], state: GameState): void {
  for (const f of effects) {
    const side = state.units[f.unit].side
    const left = state.sides[side].momentum + (f.momentum ?? 0)
    if (left < 0)
      throw new InputError(
        'no-momentum',
        `${command}: ${side} would spend ${-(f.momentum ?? 0)} Momentum and has ${state.sides[side].momentum} in the game; nothing was recorded`,
      )
  }
}

/** The line a roll played in a game ends with: `#4 shoot (seed "g1"): dervish -2600 HP`. */
const playedLine = (n: number, event: ResolutionEvent) => `#${n} ${describeEvent(event)}`

// ---------------------------------------------------------------------------------------------
// Luck: each recorded roll again, against its exact odds

/**
 * A recorded roll resolved again in the state it was played in (`roster`: the game's units in
 * that state): rolled, or its exact odds.
 */
function again(
  spec: CommandSpec,
  roster: Roster,
  state: GameState,
  e: ResolutionEvent,
  odds: boolean,
): Record<string, unknown> {
  const keys: string[] = unitWordsOf(spec.name)!.map((w) => w.key)
  const words = keys.flatMap((k) => {
    const v = e.request[k]
    return Array.isArray(v) ? (v as string[]) : v === undefined ? [] : [String(v)]
  })
  const given: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(e.request)) if (!keys.includes(k)) given[k] = v
  if (given.round === undefined) given.round = battleRound(state.mode, state.round).round
  const flags = gameFlags(roster, state, spec.name as PlayedCommand, words, given)
  const req = namedRequest(spec, roster, words, flags, 'json')
  const g: Globals = odds
    ? { json: true, odds: true, explain: false }
    : { json: true, odds: false, explain: false, seed: e.seed, rolls: e.rolls }
  const out = runSpec(spec, req.values, g, quietEnv)
  if (out instanceof Promise) throw new Error('game stats: a replay waited for a person')
  return out.json
}

type Obj = Record<string, unknown>

/** Each side's damage in a roll and its odds: per target for a shot, both ways for a charge. */
function dealtIn(
  command: string,
  e: ResolutionEvent,
  rolled: Obj,
  odds: Obj,
  state: GameState,
  keyOf: (word: string) => string,
): Array<Pick<LuckRoll, 'side' | 'by' | 'against' | 'dealt'> & { odds: DamageOdds }> {
  const attacker = keyOf(String(e.request.attacker))
  const defenders = [e.request.defender].flat().map((d) => keyOf(String(d)))
  const o = odds.odds as Obj
  if (command === 'shoot') {
    const targets = Array.isArray(rolled.targets) ? (rolled.targets as Obj[]) : [rolled]
    const dists = Array.isArray(o.targets) ? (o.targets as Obj[]) : [o]
    return targets.flatMap((t, i) =>
      defenders[i] === undefined && i > 0
        ? []
        : [
            {
              side: state.units[attacker].side,
              by: attacker,
              against: defenders[i] ?? `target ${i + 1}`,
              dealt: Number(t.damage),
              odds: dists[i].damage as DamageOdds,
            },
          ],
    )
  }
  const defender = defenders[0]
  return [
    {
      side: state.units[attacker].side,
      by: attacker,
      against: defender,
      dealt: Number((rolled.defender as Obj).damageTaken),
      odds: (o.defender as Obj).damage as DamageOdds,
    },
    {
      side: state.units[defender].side,
      by: defender,
      against: attacker,
      dealt: Number((rolled.attacker as Obj).damageTaken),
      odds: (o.attacker as Obj).damage as DamageOdds,
    },
  ]
}

/** Every roll in effect, in order, each side's damage against its exact odds. */
export async function luckRolls(log: GameLog, name: string): Promise<LuckRoll[]> {
  const on = inEffect(log.events)
  const units = gameRoster(log.header, name)
  let state = startState(log.header)
  const out: LuckRoll[] = []
  for (let i = 0; i < log.events.length; i++) {
    const e = log.events[i]
    if (!on[i]) continue
    if (e.t === 'resolution') {
      const spec = await loadSpec(e.command)
      if (!spec || !unitWordsOf(spec.name))
        throw new InputError(
          'bad-game',
          `${name}:${i + 2}: "command": ${e.command} is not a shot or a charge`,
        )
      // The units as the roll met them: its turn, its profile Skills (game/roster.ts).
      const words = [e.request.attacker, ...[e.request.defender].flat()]
      const roster = rollRoster(units, state, e.command as PlayedCommand, words, e.request)
      const keyOf = (w: string) => lookupUnit(roster, parseUnitRef(w).unit).key
      try {
        const rolled = again(spec, roster, state, e, false)
        const odds = again(spec, roster, state, e, true)
        for (const d of dealtIn(e.command, e, rolled, odds, state, keyOf)) {
          const { odds: dist, ...rest } = d
          // A side that could deal no damage (a counter that never came) says nothing of luck.
          if (d.dealt === 0 && Object.keys(dist).every((k) => Number(k) === 0)) continue
          out.push({ n: i + 1, round: state.round, command: e.command, ...rest, ...luckOf(dist, d.dealt) })
        }
      } catch (err) {
        if (err instanceof InputError)
          throw new InputError(
            'bad-game',
            `${name}:${i + 2}: event ${i + 1} does not resolve again: ${err.message}`,
          )
        throw err
      }
    }
    state = applyEvent(state, e)
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// plan and matrix: they read the game as shoot and melee do; a rolled plan appends its attacks

/**
 * The flags of a plan or a matrix read in a game: the round is the game's unless given. A rolled
 * plan's HP is the game's: `--hp` is refused there (`--odds` and `--need` may ask "what if"), as
 * for a shot; a matrix appends nothing, so its `--hp` is a "what if" too.
 */
function readerFlags(
  command: GameReader,
  raw: Record<string, unknown>,
  play: Play,
  rolled: boolean,
  defender: string | undefined,
): Record<string, unknown> {
  if (command === 'plan' && defender !== undefined) refuseDestroyed(command, [defender], play)
  if (command === 'plan' && rolled && raw.hp !== undefined) {
    const unit = defender === undefined ? undefined : unitKeyOf(play, defender)
    const whose = unit ? `${unit}'s HP left (${play.state.units[unit].hp ?? 'none'})` : 'the HP left'
    throw new InputError(
      'bad-combination',
      `--hp: the game gives ${whose}; drop --hp (mecha game set ${unit ?? 'UNIT'} --hp N corrects it), give --odds to ask "what if", or give --no-game`,
    )
  }
  const plan = command === 'plan' && rolled
  if (plan) refuseLinked(play.file.path, play.file.name)
  const round = gameRound(command, play, plan)
  // Tactical Advantage against a shut-down defender, for the plan's shots and charges alike.
  const down =
    command === 'plan' && defender !== undefined
      ? gameFlags(play.units, play.state, 'shoot', ['', defender], raw)
      : raw
  const flags = down === raw ? raw : { ...down, atkAdvantage: raw.atkAdvantage ?? true }
  return flags.round === undefined ? { ...flags, round: String(round) } : flags
}

/** Refuses a destroyed unit named in a plan or a matrix, as a shot refuses it. */
function refuseDestroyed(command: GameReader, words: readonly string[], play: Play): void {
  for (const w of words) {
    const k = unitKeyOf(play, w)
    const u = play.state.units[k]
    if (u.destroyed)
      throw new InputError(
        'destroyed',
        `${command}: ${k} is destroyed${u.destroyedRound ? ` in round ${u.destroyedRound}` : ''} (mecha game status; if that is wrong: mecha game undo, or mecha game set ${k} --hp N)`,
      )
  }
}

/**
 * The roster a plan or a matrix reads in a game: the game's units with their HP left. A destroyed
 * unit named is refused; a matrix leaves the destroyed ones out of the units it picks itself.
 */
function readerRoster(
  command: GameReader,
  words: ReadonlyArray<string | undefined>,
  raw: Record<string, unknown>,
  play: Play,
): Roster {
  const named = words.filter((w): w is string => w !== undefined)
  if (command === 'plan') {
    refuseDestroyed(command, named, play)
    return rosterFor(play, command, named, raw)
  }
  const vs = [raw.vs ?? []].flat().flatMap((v) => String(v).split(','))
  refuseDestroyed(
    command,
    [...named, ...vs].map((w) => w.trim()).filter((w) => w !== ''),
    play,
  )
  return gameRoster(play.log.header, play.file.name, play.state, true)
}

/**
 * A plan's checks against the game, before it resolves: each attack's Momentum offered against
 * its side's pool (what the attacks spend in all is checked as they are recorded). `request.inputs`
 * then says which values the game gave. The plan is also given the defender's limited uses taken
 * (Superior Instincts' first of two counts; uses all taken are spent in its traits already).
 */
function checkReader(command: GameReader, request: Request, roundGiven: boolean, play: Play): void {
  saidFromGame(request, play, roundGiven)
  if (command !== 'plan') return
  const defender = unitKeyOf(play, planDefenderOf(request.values)!)
  for (const a of planAttacksOf(request.values) ?? [])
    checkOffers(a.command, a.values, unitKeyOf(play, a.name), [defender], play)
  setPlanFullHp(request.values, play.state.units[defender].maxHp)
  const first = planAttacksOf(request.values)?.[0]
  const u = (first ? turnOf(play.state, unitKeyOf(play, first.name)) : play.state).units[defender]
  setPlanSpent(
    request.values,
    [...u.spentThisRound, ...u.spent].filter((t) => limitedUse(t)),
    u.held,
  )
}

type Step = {
  step: number
  attack: string
  command: PlayedCommand
  answer: Record<string, unknown>
  rolls?: number[]
}

/**
 * A rolled plan played in the game: each attack made is appended as its own `resolution` event
 * (the shot or the charge it was, its request with the choices made, the dice it rolled, its
 * effects on the state the attacks before it left, and its step of the plan), all in one write,
 * so the log replays to the state the plan left (and `game stats` resolves each attack again).
 * Nothing is appended when one of them would spend Momentum the side no longer has.
 */
async function recordPlan(
  play: Play,
  raw: Record<string, unknown>,
  request: Request,
  out: RunOutput,
): Promise<{ added: Array<{ n: number; event: ResolutionEvent }>; disk: GameOnDisk }> {
  const steps = out.json.steps as Step[] | undefined
  const attacks = planAttacksOf(request.values) ?? []
  const defenderWord = planDefenderOf(request.values)!
  const defender = unitKeyOf(play, defenderWord)
  let state = play.state
  const events: ResolutionEvent[] = []
  for (const step of steps ?? []) {
    const spec = (await loadSpec(step.command))!
    if (!step.rolls) throw new Error(`plan: step ${step.step} kept no dice`)
    const own = new Set(spec.options.map((o) => camelKey(o.flag)))
    const given: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(raw)) if (own.has(k) && k !== 'hp' && k !== 'defHp') given[k] = v
    const words = [step.attack, defenderWord]
    const values = attacks[step.step - 1]?.values ?? {}
    const effects = resolutionEffects(
      {
        command: step.command,
        attacker: unitKeyOf(play, step.attack),
        defenders: [defender],
        values,
        answer: step.answer,
      },
      state,
    )
    affordable('plan', effects, state)
    const event: ResolutionEvent = {
      t: 'resolution',
      command: step.command,
      request: recordedRequest(spec, words, given, choicesOf(step.command, { json: step.answer })),
      rolls: step.rolls,
      effects,
      plan: { step: step.step, of: 0 },
      at: new Date().toISOString(),
    }
    events.push(event)
    state = applyEvent(state, event)
  }
  // `of`: the attacks made (fewer than planned when the defender fell), written together.
  for (const e of events) e.plan!.of = events.length
  if (!events.length) return { added: [], disk: play.disk }
  const { first, disk } = appendEvents(play.file.path, play.file.name, events, play.disk)
  return { added: events.map((event, i) => ({ n: first + i, event })), disk }
}

/**
 * One batch line by unit names, in the game of `mecha batch --game FILE` (docs/batch.md): as the
 * command line plays it (the game's units, HP left and round; destroyed units and Momentum the
 * side lacks refused), a rolled shot, charge or plan appended (its events in one write), `--odds`
 * and a matrix appending nothing. Returns the answer and the game as it now is.
 */
async function playLine(
  spec: CommandSpec,
  refs: Array<string | undefined>,
  given: Record<string, unknown>,
  g: Globals,
  env: Parameters<typeof answerRequest>[3],
  play: Play,
): Promise<{ out: RunOutput; play: Play }> {
  const { played, reader } = gameRole(spec.name)
  if (!played && !reader)
    throw new InputError(
      'bad-usage',
      `${spec.name}: a game plays shoot, melee and plan by unit names, and matrix reads it; ${spec.name} by names takes a roster: run it in a batch without --game`,
    )
  const roundGiven = given.round !== undefined
  const rolled = !g.odds && given.need === undefined
  const flags = played
    ? playedFlags(played, refs, given, play, g.odds)
    : readerFlags(reader!, given, play, rolled, refs[0])
  const roster = played ? rosterFor(play, played, refs, given) : readerRoster(reader!, refs, given, play)
  const request = namedRequest(spec, roster, refs, flags, 'json')
  const words = refs.filter((r): r is string => r !== undefined)
  const units = played ? checkPlay(played, words, request, roundGiven, play) : undefined
  if (reader) checkReader(reader, request, roundGiven, play)
  const answered = answerRequest(spec, request, g, env)
  const out = answered instanceof Promise ? await answered : answered
  if (played && !g.odds) {
    const { n, event, disk } = recordPlay(play, played, words, given, request, out, units!, spec)
    out.json.game = { file: play.file.name, n, effects: event.effects, ...declinedIn(given) }
    return { out, play: playNow(play, disk) }
  }
  if (reader === 'plan' && !g.odds && Array.isArray(out.json.steps)) {
    const { added, disk } = await recordPlan(play, given, request, out)
    out.json.game = {
      file: play.file.name,
      events: added.map((a) => ({ n: a.n, effects: a.event.effects })),
      ...declinedIn(given),
    }
    return { out, play: playNow(play, disk) }
  }
  out.json.game = { file: play.file.name }
  return { out, play }
}

// ---------------------------------------------------------------------------------------------
// A profile's Skill offered at a prompt

/** A profile Skill a request takes and its side pays for in this roll: its unit and its text. */
interface Offer {
  unit: string
  text: string
}

/**
 * The profile Skills `request` takes that cost Momentum and are not paid for already this unit
 * turn (`turn`: the state as the roll's turn meets it): the ones skills.ts took automatically
 * (it helps, its side can pay, no other Skill this turn). Read off the request's inputs, so a
 * Skill a flag names, or one the roll sets aside (Indirect Fire, Bullseye), is never offered.
 */
function offersOf(request: Request, turn: GameState): Offer[] {
  const found: Offer[] = []
  const inputs = [request.inputs].flat() as Array<Record<string, unknown> | undefined>
  for (const list of inputs.flatMap((i) => (i ? [i.trait, i.atkTrait, i.defTrait] : [])))
    for (const input of Array.isArray(list)
      ? (list as Array<{ value: unknown; from: string; field?: string }>)
      : []) {
      const unit = /^(.+)\.traits\.\d+$/.exec(input.field ?? '')?.[1]
      const text = String(input.value)
      const entry = traitOf(text.split('=')[0])
      if (input.from !== 'roster' || unit === undefined || !entry?.skill || skillCost(text) === 0) continue
      if (turn.units[unit]?.held.includes(entry.name)) continue
      if (!found.some((o) => o.unit === unit && traitOf(o.text.split('=')[0]) === entry))
        found.push({ unit, text })
    }
  return found
}

/** The question for one Skill: who may use it, what it does in a few words, its cost and the pool. */
function offerQuestion(offer: Offer, state: GameState): string {
  const entry = traitOf(offer.text.split('=')[0])!
  const option = offer.text.split('=')[1]?.trim().toLowerCase()
  const does = (option !== undefined && entry.choice?.[option]) || entry.effect
  const side = state.units[offer.unit].side
  const title = entry.title.replace(/ \(.*\)$/, '')
  return `${side}'s ${offer.unit} may use ${title} (${does}) for ${skillCost(offer.text)} Momentum (${side} has ${state.sides[side].momentum}): use it?`
}

/**
 * A rolled shot, charge or plan in a game, in a terminal (quickstart, Pilot Skills: a Skill is
 * the player's option): each profile Skill the roll would take and pay for (offersOf) is asked
 * about, Yes (the automatic choice) the default. A No is `--decline UNIT:SKILL`, added to `raw`
 * (what the game records, so a replay declines it too) and to `flags`, and the request is made
 * again without it, which may take another Skill, asked about in turn. Returns the request as
 * finally made, and the Skills declined (none: `request` itself).
 */
async function askSkills(
  spec: CommandSpec,
  play: Play,
  command: PlayedCommand | 'plan',
  words: readonly string[],
  raw: Record<string, unknown>,
  flags: Record<string, unknown>,
  request: Request,
  choice: ChoiceContext,
): Promise<Request> {
  const attacker = unitKeyOf(play, command === 'plan' ? words[1] : words[0])
  const turn = turnOf(play.state, attacker)
  const asked = new Set<string>()
  let made = request
  for (;;) {
    const offer = offersOf(made, turn).find((o) => !asked.has(`${o.unit}:${o.text}`))
    if (!offer) return made
    asked.add(`${offer.unit}:${offer.text}`)
    const yes = await choice.select(
      offerQuestion(offer, play.state),
      [
        {
          value: true,
          label: 'Yes',
          hint: `${play.state.units[offer.unit].side} pays ${skillCost(offer.text)} Momentum`,
        },
        { value: false, label: 'No', hint: 'roll without it, pay nothing' },
      ],
      true,
    )
    if (yes) continue
    const decline = [
      ...declinedList(raw.decline),
      `${offer.unit.toLowerCase()}:${traitOf(offer.text.split('=')[0])!.name}`,
    ]
    raw.decline = decline
    flags.decline = decline
    const roster = rosterFor(play, command, words, raw)
    made = namedRequest(spec, roster, words, flags, 'flag')
  }
}

/**
 * The answer's record of the profile Skills a recorded roll did without (`game.declined`,
 * `UNIT:SKILL`, at a prompt or by --decline); those it took are its effects' `skills`.
 */
function declinedIn(raw: Record<string, unknown>): { declined?: string[] } {
  const declined = declinedList(raw.decline)
  return declined.length ? { declined } : {}
}

/** What a roll by unit names does in a game, step by step (the CLI's front calls them in turn). */
export const inGame = {
  askSkills,
  declinedIn,
  rosterFor,
  playedFlags,
  checkPlay,
  recordPlay,
  playedLine,
  readerFlags,
  readerRoster,
  checkReader,
  recordPlan,
  playLine,
}
