import type { CommandSpec } from '../runtime/spec.js'

/**
 * Every command, by name and summary, with a loader for its spec. Only the command being run is
 * loaded (each spec pulls in its rules and renderers), so `mecha --help` and every single
 * command start without compiling the other thirty; batch mode loads them all once.
 * test/cli/registry.test.ts checks each summary here against its spec.
 */
export interface CommandEntry {
  /** 'shoot', or 'wargroup shoot' for a command in a group. */
  name: string
  summary: string
  load(): Promise<CommandSpec>
}

/** A rule set: its commands sit under `mecha <name> …`, or at the top level when name is null. */
export interface CommandGroup {
  name: string | null
  summary: string
  commands: CommandEntry[]
}

export const groups: CommandGroup[] = [
  {
    name: null,
    summary: 'MechaStellar',
    commands: [
      {
        name: 'shoot',
        summary: 'MechaStellar shooting attack: the defender rolls a d10 to evade each shot',
        load: () => import('./stellar/shoot.js').then((m) => m.shootSpec),
      },
      {
        name: 'melee',
        summary:
          'MechaStellar melee clash: overwatch on the charge, attack, counter-attack, Finishing Blow, best dice splits',
        load: () => import('./stellar/melee.js').then((m) => m.meleeSpec),
      },
      {
        name: 'matrix',
        summary:
          'MechaStellar matrix: each attacking weapon against each defender, expected damage and chance to destroy (exact), the best marked',
        load: () => import('./stellar/matrix.js').then((m) => m.matrixSpec),
      },
      {
        name: 'plan',
        summary:
          'MechaStellar attack plan: attacks in order against one defender from the roster, its HP carried over; exact odds, attacks needed, best order',
        load: () => import('./stellar/plan.js').then((m) => m.planSpec),
      },
      {
        name: 'save',
        summary:
          'MechaStellar armor saves on their own: PEN minus ARM Sv, one d10 per unblocked hit (capped)',
        load: () => import('./stellar/save.js').then((m) => m.saveSpec),
      },
      {
        name: 'cover',
        summary: 'MechaStellar destroying terrain: does a piece of cover survive the attack it blocked?',
        load: () => import('./stellar/cover.js').then((m) => m.coverSpec),
      },
      {
        name: 'outmaneuver',
        summary:
          "MechaStellar outmaneuver roll in open space (or --bridge: attack run on a warship's bridge)",
        load: () => import('./stellar/outmaneuver.js').then((m) => m.outmaneuverSpec),
      },
      {
        name: 'initiative',
        summary:
          'MechaStellar initiative: both sides roll a d10, the higher chooses to go first or second (ties re-rolled)',
        load: () => import('./stellar/initiative.js').then((m) => m.initiativeSpec),
      },
      {
        name: 'titan-throw',
        summary:
          'MechaStellar Titan Throw: a free attack with a CC push weapon, Power or Havoc for bigger targets',
        load: () => import('./stellar/titan-throw.js').then((m) => m.titanThrowSpec),
      },
      {
        name: 'stun-recover',
        summary:
          'MechaStellar stun recovery: roll 3d10 at the end of the turn, each 5+ removes a -1 Action penalty',
        load: () => import('./stellar/stun-recover.js').then((m) => m.stunRecoverSpec),
      },
      {
        name: 'fall',
        summary:
          'MechaStellar low gravity: a unit on high ground that takes damage falls off on a d10 of 1-4',
        load: () => import('./stellar/fall.js').then((m) => m.fallSpec),
      },
      {
        name: 'behavior',
        summary:
          'MechaStellar enemy behaviour tables (solo / co-op): roll a d10 for what an enemy mecha or kaiju does',
        load: () => import('./stellar/behavior.js').then((m) => m.behaviorSpec),
      },
      {
        name: 'vp',
        summary:
          "MechaStellar victory points: one unit's VP, or a battle's score (Simple Battle, Confrontation, Secure the Objective, Defend the City)",
        load: () => import('./stellar/vp.js').then((m) => m.vpSpec),
      },
      {
        name: 'secondary',
        summary:
          'MechaStellar secondary objectives (optional module): the VP one objective scored, at most 10',
        load: () => import('./stellar/secondary.js').then((m) => m.secondarySpec),
      },
      {
        name: 'momentum',
        summary: "MechaStellar starting Momentum from the game's points size",
        load: () => import('./stellar/momentum.js').then((m) => m.momentumSpec),
      },
      {
        name: 'traits',
        summary: 'MechaStellar traits that change shoot and melee: names, sides, effects (no dice)',
        load: () => import('./stellar/traits.js').then((m) => m.traitsSpec),
      },
      {
        name: 'roll',
        summary: 'roll a dice expression: 3d6+2, d10, 5d10>=5 (count successes), 4d6kh3 (keep highest)',
        load: () => import('./roll.js').then((m) => m.rollSpec),
      },
    ],
  },
  {
    name: 'wargroup',
    summary: 'd6 mech skirmish: opposed to-hit, strength vs armor, aimed shots, fire, void and smoke',
    commands: [
      {
        name: 'wargroup shoot',
        summary:
          'shoot: d6 + Acu must beat Def + d6, then Str + d6 against Arm + d6; aimed shots at a module or movement',
        load: () => import('./wargroup/shoot.js').then((m) => m.wargroupShootSpec),
      },
      {
        name: 'wargroup burn',
        summary: 'fire: a burning mech or building takes d6 damage each turn until a 1 puts it out',
        load: () => import('./wargroup/damage-over-time.js').then((m) => m.wargroupBurnSpec),
      },
      {
        name: 'wargroup void',
        summary: 'void tile: each pass over it deals d6 damage until a 1 ends it',
        load: () => import('./wargroup/damage-over-time.js').then((m) => m.wargroupVoidSpec),
      },
      {
        name: 'wargroup smoke',
        summary: 'smoke tile: blocks line of sight for d6 turns',
        load: () => import('./wargroup/rolls.js').then((m) => m.wargroupSmokeSpec),
      },
      {
        name: 'wargroup building',
        summary: "a building's Arm and Dam (tiles + 2), and with --str an attack on it",
        load: () => import('./wargroup/building.js').then((m) => m.wargroupBuildingSpec),
      },
      {
        name: 'wargroup initiative',
        summary: 'who goes first: both players roll a d6, the higher sets up and goes first, ties re-rolled',
        load: () => import('./wargroup/rolls.js').then((m) => m.wargroupInitiativeSpec),
      },
      {
        name: 'wargroup length',
        summary: 'game length: the game lasts 3d6 turns',
        load: () => import('./wargroup/rolls.js').then((m) => m.wargroupLengthSpec),
      },
    ],
  },
  {
    name: 'formation',
    summary: 'd6 transforming-fighter formations: strike and dodge, burst, AMS, knockdown, jamming',
    commands: [
      {
        name: 'formation strike',
        summary:
          'strike: d6 + STR hits on 2+ (natural 1 misses, 6 hits); the target may dodge, parry or roll with damage',
        load: () => import('./formation/strike.js').then((m) => m.strikeSpec),
      },
      {
        name: 'formation ams',
        summary:
          'anti-missile fire: roll the AMS number or more to destroy a missile, each point over destroys another',
        load: () => import('./formation/ams.js').then((m) => m.amsSpec),
      },
      {
        name: 'formation knockdown',
        summary: 'knockdown: a mecha hit by a Knockdown weapon keeps its action on 4+',
        load: () => import('./formation/knockdown.js').then((m) => m.knockdownSpec),
      },
      {
        name: 'formation jam',
        summary:
          'jam/spoof: each attempt places a jam counter on 3+ (5+ when countered), or removes a missile salvo',
        load: () => import('./formation/jam.js').then((m) => m.jamSpec),
      },
      {
        name: 'formation destroy-check',
        summary:
          'the optional destruction roll: a d6 for each * box crossed out, a 6 destroys the unit outright',
        load: () => import('./formation/destroy-check.js').then((m) => m.destroyCheckSpec),
      },
      {
        name: 'formation initiative',
        summary:
          'initiative: a d6 per side, the winner moves first or last; the larger side spreads its formations',
        load: () => import('./formation/initiative.js').then((m) => m.initiativeSpec),
      },
    ],
  },
  {
    name: 'mining',
    summary:
      'd6 action-point skirmish on a mining world: action points, shooting, suppression, repairs, resolve',
    commands: [
      {
        name: 'mining shoot',
        summary:
          'one shooting action: 4+ on a d6 after modifiers hits for 1 damage (or places a suppression marker)',
        load: () => import('./mining/shoot.js').then((m) => m.miningShootSpec),
      },
      {
        name: 'mining ap',
        summary: "a player's action points for the turn: active units + d6",
        load: () => import('./mining/ap.js').then((m) => m.miningApSpec),
      },
      {
        name: 'mining plan',
        summary:
          "spend a turn's action points: each unit's 1st, 2nd and 3rd action cost 1, 2 and 4; what fits and what is left",
        load: () => import('./mining/plan.js').then((m) => m.miningPlanSpec),
      },
      {
        name: 'mining repair',
        summary: 'one repair action: with 2 or more damage, 4+ on a d6 removes 1 damage point',
        load: () => import('./mining/repair.js').then((m) => m.miningRepairSpec),
      },
      {
        name: 'mining resolve',
        summary:
          'resolve test after a unit is eliminated: d6 + 2 - units eliminated; under 1 the force retreats',
        load: () => import('./mining/resolve.js').then((m) => m.miningResolveSpec),
      },
    ],
  },
]

const loaded = new Map<string, CommandSpec>()

export function findEntry(name: string): CommandEntry | undefined {
  for (const g of groups) for (const c of g.commands) if (c.name === name) return c
  return undefined
}

/** The spec of a command, loading its module on first use. */
export async function loadSpec(name: string): Promise<CommandSpec | undefined> {
  const hit = loaded.get(name)
  if (hit) return hit
  const entry = findEntry(name)
  if (!entry) return undefined
  const spec = await entry.load()
  loaded.set(name, spec)
  return spec
}

/** Every spec, loaded (batch mode and the tests). */
export async function loadAllSpecs(): Promise<CommandSpec[]> {
  const specs: CommandSpec[] = []
  for (const name of commandNames()) specs.push((await loadSpec(name))!)
  return specs
}

/** A spec already loaded by loadSpec or loadAllSpecs, synchronously. */
export function loadedSpec(name: string): CommandSpec | undefined {
  return loaded.get(name)
}

export function commandNames(): string[] {
  return groups.flatMap((g) => g.commands.map((c) => c.name))
}
