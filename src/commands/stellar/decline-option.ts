import { InputError } from '../../core/errors.js'
import { parseDeclined } from '../../rules/stellar/declined-skills.js'
import { repeatable, textOpt } from '../../runtime/spec.js'

/**
 * `--decline UNIT:SKILL`, shoot's and melee's (so plan's and matrix's too): a profile Skill the
 * unit does without in this roll (rules/stellar/declined-skills.ts). Units by name read it (the
 * roster's traits, before anything else does); given with flags alone it is refused.
 */
export const declineOption = repeatable(
  textOpt(
    'decline',
    'UNIT:SKILL',
    "a Skill the unit's profile lists that it does without in this roll (units by name; in a game, the prompt's No)",
    parseDeclined,
  ),
)

/** Refuses `--decline` in a request made of flags alone: there is no profile to leave it out of. */
export function refuseDeclineByFlags(v: { decline?: readonly string[] }): void {
  if (v.decline?.length)
    throw new InputError(
      'bad-combination',
      '--decline: leaves a Skill out of a unit named from a roster or a game (mecha shoot ATTACKER:WEAPON DEFENDER --decline UNIT:SKILL); with flags alone, leave the trait out',
    )
}
