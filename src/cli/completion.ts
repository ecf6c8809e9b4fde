/**
 * `mecha completion bash|zsh|fish`: a completion script for the shell, written from the command
 * registry (commands, group subcommands, flags, and the values of flags with a fixed set of
 * choices). The scripts are static, and a TAB starts node only where a unit's name goes
 * (`mecha shoot ATTACKER[:WEAPON] DEFENDER`, `mecha roster show UNIT`): the names come from
 * `mecha roster names`, reading the roster the command would read (the line's --roster files,
 * else MECHA_ROSTER, mecha-roster.yaml, the XDG file), and any error offers nothing.
 */

import type { CommandGroup } from '../commands/registry.js'
import type { CommandSpec } from '../runtime/spec.js'
import { ROSTER_FLAG, unitWordsOf } from '../runtime/unit-words.js'
import { GAME_READERS, PLAYED_COMMANDS } from '../game/modes.js'
import { PLAY_FLAGS } from './places.js'

export const SHELLS = ['bash', 'zsh', 'fish'] as const
export type Shell = (typeof SHELLS)[number]

/** One command line's words and flags: `['wargroup', 'shoot']` with its `--flags`. */
export interface CompletedCommand {
  path: string[]
  summary: string
  flags: Array<{
    flag: string
    description: string
    takesValue: boolean
    values?: readonly string[]
    /** Its values are roster units (variadic, as matrix's --vs), with the weapons each may name. */
    units?: UnitKind
  }>
  /** Words offered in place of a flag (the shells of `mecha completion`). */
  words?: readonly string[]
  /**
   * The unit names it takes, in order, with the weapons each may name as unit:weapon (none: the
   * unit alone); `more` last: the word before it may be repeated (plan's attacks).
   */
  units?: ReadonlyArray<UnitKind | 'more'>
}

type UnitKind = 'shoot' | 'melee' | 'any' | 'none'

/** A command group not in the registry (`mecha roster …`), with its subcommands. */
export interface CompletedGroup {
  name: string
  summary: string
  commands: CompletedCommand[]
}

export interface CompletionModel {
  /** First words: commands, groups, `batch`, `completion`, with their summaries. */
  top: Array<{ word: string; summary: string }>
  /** A group's subcommands. */
  groups: Array<{ name: string; commands: Array<{ word: string; summary: string }> }>
  commands: CompletedCommand[]
}

/**
 * The model from the registry: every command with its option table (a choice's values, 'auto'
 * included), the global flags it takes, and the commands that are not specs (batch, completion).
 */
export function completionModel(
  groups: readonly CommandGroup[],
  specs: readonly CommandSpec[],
  globals: ReadonlyArray<CompletedCommand['flags'][number] & { dice: boolean; compare?: boolean }>,
  others: readonly CompletedCommand[],
  otherGroups: readonly CompletedGroup[] = [],
): CompletionModel {
  const top: CompletionModel['top'] = []
  const model: CompletionModel = { top, groups: [], commands: [] }
  for (const g of groups) {
    if (g.name) {
      top.push({ word: g.name, summary: g.summary })
      model.groups.push({
        name: g.name,
        commands: g.commands.map((c) => ({ word: c.name.split(' ')[1], summary: c.summary })),
      })
    } else top.push(...g.commands.map((c) => ({ word: c.name, summary: c.summary })))
  }
  for (const spec of specs) {
    const flags: CompletedCommand['flags'] = spec.options.map((o) => ({
      flag: o.flag,
      description: o.description,
      // A value that may be left out (`--focus [n]`) is not waited for: flags complete after it.
      takesValue: o.type.kind !== 'bool' && o.bare === undefined,
      values: o.type.kind === 'enum' ? o.type.values : o.completes,
      units: o.completesUnits,
    }))
    for (const o of spec.options)
      if (o.completesUnits && !o.variadic)
        throw new Error(`completion: --${o.flag} completes units but is not variadic`)
    const words = unitWordsOf(spec.name)
    const units = words?.flatMap((w): Array<UnitKind | 'more'> =>
      w.repeatable ? [w.weapons ?? 'none', 'more'] : [w.weapons ?? 'none'],
    )
    if (units) flags.push(Object.assign({}, ROSTER_FLAG, { takesValue: true }))
    // A shot or a charge by unit names is played in a game (--game FILE, --no-game).
    if (units && ([...PLAYED_COMMANDS, ...GAME_READERS] as readonly string[]).includes(spec.name))
      flags.push(...PLAY_FLAGS.map((f) => ({ ...f })))
    for (const g of globals)
      if ((!g.dice || spec.diceOrder !== undefined) && (!g.compare || spec.model.compare)) flags.push(g)
    model.commands.push({ path: spec.name.split(' '), summary: spec.summary, flags, units })
  }
  for (const o of others) {
    top.push({ word: o.path[0], summary: o.summary })
    model.commands.push(o)
  }
  for (const g of otherGroups) {
    top.push({ word: g.name, summary: g.summary })
    model.groups.push({
      name: g.name,
      commands: g.commands.map((c) => ({ word: c.path[1], summary: c.summary })),
    })
    model.commands.push(...g.commands)
  }
  return model
}

export function completionScript(shell: Shell, model: CompletionModel): string {
  return shell === 'bash' ? bashScript(model) : shell === 'zsh' ? zshScript(model) : fishScript(model)
}

const words = (list: Array<{ word: string }>) => list.map((w) => w.word).join(' ')
const key = (c: CompletedCommand) => c.path.join(' ')
/** Only our own words go into the scripts; anything else would be a bug in a spec. */
function plain(word: string): string {
  if (!/^[a-z0-9][a-z0-9-]*$/i.test(word)) throw new Error(`completion: "${word}" is not a plain word`)
  return word
}

/**
 * The call that offers unit names where one goes (the shell's `_mecha_units`): the number of
 * words naming the command, the flags that take a value (their values are not units), the flags
 * whose values are units (`--vs=melee`), and the weapons each unit word may name.
 */
function unitArgs(c: CompletedCommand, quote: "'" | '"'): string {
  const valued = c.flags.filter((f) => f.takesValue && !f.units).map((f) => `--${plain(f.flag)}`)
  const unitFlags = c.flags.filter((f) => f.units).map((f) => `--${plain(f.flag)}=${f.units}`)
  const q = (list: string[]) => `${quote}${list.join(' ')}${quote}`
  return [c.path.length, q(valued), q(unitFlags), ...(c.units ?? [])].join(' ')
}

/** The case arms both bash and zsh use: a command's value completions, its units, then its flags. */
function caseArms(model: CompletionModel, offer: (list: string) => string, indent: string): string {
  const out: string[] = []
  for (const c of model.commands) {
    const valued = c.flags.filter((f) => f.takesValue)
    const lines = [`${indent}'${key(c)}')`, `${indent}  case "$prev" in`]
    for (const f of valued)
      if (f.values)
        lines.push(`${indent}    --${plain(f.flag)}) ${offer(f.values.map(plain).join(' '))}; return ;;`)
    // The other flags that take a value: a number or text is typed, nothing is offered.
    const typed = valued.filter((f) => !f.values && !f.units).map((f) => `--${plain(f.flag)}`)
    if (typed.length) lines.push(`${indent}    ${typed.join('|')}) ${offer('')}; return ;;`)
    lines.push(`${indent}  esac`)
    if (c.units || c.flags.some((f) => f.units))
      lines.push(`${indent}  _mecha_units ${unitArgs(c, "'")} && return`)
    const offered = [...(c.words ?? []).map(plain), ...c.flags.map((f) => `--${plain(f.flag)}`)]
    lines.push(`${indent}  ${offer(offered.join(' '))} ;;`)
    out.push(lines.join('\n'))
  }
  return out.join('\n')
}

function groupArms(model: CompletionModel, offer: (list: string) => string, indent: string): string {
  return model.groups
    .map((g) => `${indent}${plain(g.name)}) ${offer(words(g.commands))}; return ;;`)
    .join('\n')
}

/**
 * bash: unit names where one goes. The words are read again from COMP_LINE, because bash splits
 * COMP_WORDS at ':' (COMP_WORDBREAKS) and `argonaut:cannon` must stay one word; the replies then
 * drop what precedes the last ':', which bash keeps (as bash-completion's colon handling does).
 * Returns 1 (so the flags are offered) where no unit goes, or when there are no names to offer.
 */
const BASH_UNITS = `# Unit names where one goes: $1 words naming the command, $2 its flags that take a value,
# $3 its flags that take units (--vs=melee: every word up to the next flag), then the weapons each
# unit word may name (shoot, melee, any, none; more: the one before repeats, once a letter is typed). Nothing on
# any error.
_mecha_units() {
  local skip=$1 valued=" $2 " uflags=" $3 " line="\${COMP_LINE:0:COMP_POINT}" now="" next="" word names n=0 open="" kind
  shift 3
  local -a w args=() kinds=("$@")
  read -ra w <<< "$line"
  if [[ -n "$line" && "$line" != *[[:space:]] ]]; then
    now="\${w[\${#w[@]}-1]}"
    w=("\${w[@]:0:\${#w[@]}-1}")
  fi
  for word in "\${w[@]:$((skip + 1))}"; do
    if [ -n "$next" ]; then
      [ "$next" = --roster ] && args+=(--roster "$word")
      next=""
      continue
    fi
    case "$word" in
      --roster=*) args+=(--roster "\${word#--roster=}") open="" ;;
      -*=*) open="" ;;
      -*)
        open=""
        if [[ "$uflags" == *" $word="* ]]; then open=$word
        elif [[ "$valued" == *" $word "* ]]; then next=$word
        fi ;;
      *) [ -n "$open" ] || n=$((n + 1)) ;;
    esac
  done
  [[ "$now" == -* ]] && return 1
  if [ -n "$open" ]; then
    kind="\${uflags#* $open=}" kind="\${kind%% *}"
  elif [[ $n -lt \${#kinds[@]} && "\${kinds[$n]}" != more ]]; then kind=\${kinds[$n]}
  elif [[ -n "$now" && "\${kinds[*]}" == *more ]]; then kind=\${kinds[\${#kinds[@]}-2]}
  else return 1
  fi
  if [[ "$now" == *:* && "$kind" != none ]]; then
    names=$("\${COMP_WORDS[0]}" roster names --weapons "$kind" "\${args[@]}" 2>/dev/null)
  else
    names=$("\${COMP_WORDS[0]}" roster names "\${args[@]}" 2>/dev/null)
  fi
  COMPREPLY=($(compgen -W "$names" -- "$now"))
  [ \${#COMPREPLY[@]} -gt 0 ] || return 1
  if [[ "$now" == *:* && "$COMP_WORDBREAKS" == *:* ]]; then
    local colon="\${now%"\${now##*:}"}"
    COMPREPLY=("\${COMPREPLY[@]#"$colon"}")
  fi
}
`

/** zsh: the same, from zsh's own words (it does not split at ':'). */
const ZSH_UNITS = `# Unit names where one goes: $1 words naming the command, $2 its flags that take a value,
# $3 its flags that take units (--vs=melee: every word up to the next flag), then the weapons each
# unit word may name (shoot, melee, any, none; more: the one before repeats, once a letter is typed). Nothing on
# any error.
_mecha_units() {
  local skip=$1 valued=" $2 " uflags=" $3 " now="\${words[CURRENT]}" next="" word n=0 open="" kind
  shift 3
  local -a args names kinds
  kinds=("$@")
  for word in "\${(@)words[$((skip + 2)),$((CURRENT - 1))]}"; do
    if [[ -n "$next" ]]; then
      [[ "$next" == --roster ]] && args+=(--roster "$word")
      next=""
      continue
    fi
    case "$word" in
      --roster=*) args+=(--roster "\${word#--roster=}"); open="" ;;
      -*=*) open="" ;;
      -*)
        open=""
        if [[ "$uflags" == *" $word="* ]]; then open=$word
        elif [[ "$valued" == *" $word "* ]]; then next=$word
        fi ;;
      *) [[ -n "$open" ]] || n=$((n + 1)) ;;
    esac
  done
  [[ "$now" == -* ]] && return 1
  if [[ -n "$open" ]]; then
    kind="\${uflags#* $open=}"; kind="\${kind%% *}"
  elif (( n < \${#kinds} )) && [[ "\${kinds[n + 1]}" != more ]]; then kind=\${kinds[n + 1]}
  elif [[ -n "$now" && "\${kinds[-1]}" == more ]]; then kind=\${kinds[-2]}
  else return 1
  fi
  if [[ "$now" == *:* && "$kind" != none ]]; then
    names=(\${(f)"$("\${words[1]}" roster names --weapons "$kind" "\${args[@]}" 2>/dev/null)"})
  else
    names=(\${(f)"$("\${words[1]}" roster names "\${args[@]}" 2>/dev/null)"})
  fi
  (( \${#names} )) || return 1
  compadd -- "\${names[@]}"
}
`

function bashScript(model: CompletionModel): string {
  const offer = (list: string) => (list ? `COMPREPLY=($(compgen -W "${list}" -- "$cur"))` : 'COMPREPLY=()')
  const groupNames = model.groups.map((g) => g.name).join('|')
  return `# mecha completion for bash: source it, e.g. in ~/.bashrc:  source <(mecha completion bash)
${BASH_UNITS}
_mecha() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" cmd
  if [ "$COMP_CWORD" -eq 1 ]; then
    ${offer(words(model.top))}
    return
  fi
  case "\${COMP_WORDS[1]}" in
    ${groupNames})
      if [ "$COMP_CWORD" -eq 2 ]; then
        case "\${COMP_WORDS[1]}" in
${groupArms(model, offer, '          ')}
        esac
      fi
      cmd="\${COMP_WORDS[1]} \${COMP_WORDS[2]}" ;;
    *) cmd="\${COMP_WORDS[1]}" ;;
  esac
  case "$cmd" in
${caseArms(model, offer, '    ')}
    *) COMPREPLY=() ;;
  esac
}
complete -o default -F _mecha mecha
`
}

function zshScript(model: CompletionModel): string {
  const offer = (list: string) => (list ? `compadd -- ${list}` : ':')
  const groupNames = model.groups.map((g) => g.name).join('|')
  const described = model.top
    .map((t) => `'${plain(t.word)}:${t.summary.replace(/'/g, "'\\''").replace(/:/g, '\\:')}'`)
    .join(' ')
  return `#compdef mecha
# mecha completion for zsh: source it, e.g. in ~/.zshrc (after compinit):  source <(mecha completion zsh)
${ZSH_UNITS}
_mecha() {
  local cur="\${words[CURRENT]}" prev="\${words[CURRENT-1]}" cmd
  if (( CURRENT == 2 )); then
    local -a top=(${described})
    _describe command top
    return
  fi
  case "\${words[2]}" in
    ${groupNames})
      if (( CURRENT == 3 )); then
        case "\${words[2]}" in
${groupArms(model, offer, '          ')}
        esac
      fi
      cmd="\${words[2]} \${words[3]}" ;;
    *) cmd="\${words[2]}" ;;
  esac
  case "$cmd" in
${caseArms(model, offer, '    ')}
  esac
}
compdef _mecha mecha
`
}

/** fish: the same; fish keeps `unit:weapon` one token. */
const FISH_UNITS = `# Unit names where one goes: $argv[1] words naming the command, $argv[2] its flags that take a
# value, $argv[3] its flags that take units (--vs=melee: every word up to the next flag), then the
# weapons each unit word may name (shoot, melee, any, none; more: the one before repeats).
# Nothing on any error.
function __mecha_units
    set -l valued (string split ' ' -- $argv[2])
    set -l uflags (string split ' ' -- $argv[3])
    set -l kinds $argv[4..-1]
    set -l open ''
    set -l words (commandline -opc)
    set -l now (commandline -ct)
    set -l args
    set -l next ''
    set -l n 0
    for word in $words[(math $argv[1] + 2)..-1]
        if test -n "$next"
            test "$next" = --roster; and set -a args --roster $word
            set next ''
            continue
        end
        switch $word
            case '--roster=*'
                set -a args --roster (string replace -- --roster= '' $word)
                set open ''
            case '-*=*'
                set open ''
            case '-*'
                set open (string match -- "$word=*" $uflags)
                test -z "$open"; and contains -- $word $valued; and set next $word
            case '*'
                test -n "$open"; or set n (math $n + 1)
        end
    end
    string match -q -- '-*' "$now"; and return
    set -l kind
    if test -n "$open"
        set kind (string split -m1 = -- $open)[2]
    else if test $n -lt (count $kinds); and test $kinds[(math $n + 1)] != more
        set kind $kinds[(math $n + 1)]
    else if test -n "$now"; and test "$kinds[-1]" = more
        set kind $kinds[-2]
    else
        return
    end
    if string match -q -- '*:*' "$now"; and test $kind != none
        $words[1] roster names --weapons $kind $args 2>/dev/null
    else
        $words[1] roster names $args 2>/dev/null
    end
end`

function fishScript(model: CompletionModel): string {
  const q = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
  const L: string[] = [
    '# mecha completion for fish: source it, e.g. in ~/.config/fish/config.fish:  mecha completion fish | source',
    '# The command being typed: its first word, and for a group its second ("wargroup shoot").',
    'function __mecha_cmd',
    '    set -l w (commandline -opc)',
    '    switch "$w[2]"',
    `        case ${model.groups.map((g) => plain(g.name)).join(' ')}`,
    '            string trim -- "$w[2] $w[3]"',
    "        case '*'",
    '            echo "$w[2]"',
    '    end',
    'end',
    FISH_UNITS,
    'complete -c mecha -f',
  ]
  for (const t of model.top)
    L.push(
      `complete -c mecha -n 'test (count (commandline -opc)) -eq 1' -a ${plain(t.word)} -d ${q(t.summary)}`,
    )
  for (const g of model.groups) {
    for (const c of g.commands)
      L.push(
        `complete -c mecha -n 'test (__mecha_cmd) = ${plain(g.name)}' -a ${plain(c.word)} -d ${q(c.summary)}`,
      )
  }
  for (const c of model.commands) {
    const when = `-n 'test (__mecha_cmd) = "${key(c)}"'`
    for (const w of c.words ?? []) L.push(`complete -c mecha ${when} -a ${plain(w)}`)
    const units = `'(__mecha_units ${unitArgs(c, '"')})'`
    if (c.units) L.push(`complete -c mecha ${when} -a ${units}`)
    for (const f of c.flags) {
      const value = f.values
        ? ` -x -a ${q(f.values.map(plain).join(' '))}`
        : f.units
          ? ` -x -a ${units}`
          : f.takesValue
            ? ' -r'
            : ''
      L.push(`complete -c mecha ${when} -l ${plain(f.flag)}${value} -d ${q(f.description)}`)
    }
  }
  return L.join('\n') + '\n'
}
