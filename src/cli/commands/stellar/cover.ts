import { InputError } from '../../../core/errors.js'
import type { Dist } from '../../../core/dist.js'
import { exactDists } from '../../../core/exact.js'
import { type CoverCheck, type CoverResult, coverChecks, coverDmg, coverTargetNumber, resolveCover } from '../../../rules/stellar/cover.js'
import { explainCover, renderCover, renderCoverOdds } from '../../../render/stellar/cover.js'
import { type CommandSpec, type Values, boolOpt, intOpt, requireValue } from '../../spec.js'

export interface CoverRequest extends CoverCheck {
  crashThrough: boolean
  aoe: boolean
}

export interface CoverOdds {
  survived: Dist<string>
  destroyed: Dist<number>
  expected: { destroyed: number }
}

export function buildCover(v: Values): CoverRequest {
  const dmg = requireValue<number>(v, 'dmg', '--dmg', "the weapon's DMG, e.g. --dmg 800")
  const aoe = Boolean(v.aoe)
  const pieces = (v.pieces as number | undefined) ?? (aoe ? 2 : 1)
  if (pieces === 2 && !aoe) throw new InputError('bad-combination', '--pieces: only AOE weapons can destroy two pieces of cover; add --aoe or give --pieces 1')
  const crashThrough = Boolean(v.crashThrough)
  return { dmg, melee: Boolean(v.melee) || crashThrough, crashThrough, direct: Boolean(v.direct), aoe, pieces }
}

export function coverOdds(c: CoverCheck): CoverOdds {
  const d = exactDists((dice) => resolveCover(dice, c), {
    survived: (r) => String(r.survived),
    destroyed: (r) => r.destroyed,
  }) as { survived: Dist<string>; destroyed: Dist<number> }
  return { ...d, expected: { destroyed: d.destroyed.expected() } }
}

export const coverSpec: CommandSpec<CoverRequest, CoverResult> = {
  name: 'cover',
  summary: 'MechaStellar destroying terrain: does a piece of cover survive the attack it blocked?',
  diceOrder:
    'one d10 per check (three when the cover is targeted directly or hit by melee / Crash Through), for the first piece of cover, then the second (AOE). No dice when DMG 100 or less (always survives) or over 1000 (always destroyed)',
  examples: [
    'mecha cover --dmg 200 --rolls 2',
    'mecha cover --dmg 800 --direct --rolls 8,9,7',
    'mecha cover --dmg 300 --melee --odds',
    'mecha cover --dmg 600 --aoe --seed t1',
  ],
  options: [
    intOpt('dmg', "the weapon's DMG per hit", { min: 0, max: 100000 }),
    boolOpt('melee', 'melee weapon or Crash Through: double DMG against cover, three checks'),
    boolOpt('crash-through', 'Crash Through (same as --melee)'),
    boolOpt('direct', 'the cover itself is the target: three checks'),
    boolOpt('aoe', 'AOE weapon: up to two pieces of cover are checked'),
    intOpt('pieces', 'pieces of cover in the way (2 only for AOE; default 2 with --aoe, else 1)', { min: 1, max: 2 }),
  ],
  build: buildCover,
  usesDice(c) {
    const tn = coverTargetNumber(c)
    return tn > 1 && tn <= 10
  },
  resolve: resolveCover,
  json(r, c) {
    return {
      targetNumber: r.targetNumber,
      effectiveDmg: r.effectiveDmg,
      doubled: c.melee,
      checks: r.checks,
      automatic: r.automatic,
      rolls: r.rolls,
      survived: r.survived,
      pieces: r.pieces,
      destroyed: r.destroyed,
    }
  },
  render: renderCover,
  explain: explainCover,
  odds(c) {
    const o = coverOdds(c)
    return {
      json: { survived: o.survived.toJSON(), destroyed: o.destroyed.toJSON(), expected: { ...o.expected } },
      extra: { targetNumber: coverTargetNumber(c), effectiveDmg: coverDmg(c), checks: coverChecks(c), pieces: c.pieces },
      render: (out) => renderCoverOdds(o, c, out),
    }
  },
}
