/**
 * Text that came from a user, made safe to print: control characters escaped (a name cannot
 * clear or recolour a terminal, a value cannot split an error over two lines), and values
 * echoed in error messages cut to a readable length (a runaway value makes no runaway message).
 */

/** Longest value an error message quotes, in characters, the quotes included. */
export const QUOTE_CHARS = 60

/** A word (no spaces) longer than this in a message is a value echoed unquoted: it is cut too. */
const WORD_CHARS = 120

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/**
 * Format characters (Unicode's Cf) but the joiners: the bidirectional controls (U+202E turns the
 * rest of a line around: "ab\u202ecd" shows as "abdc"), invisible ones (zero width space, word
 * joiner, byte order mark, soft hyphen). U+200C and U+200D are kept: emoji and scripts join
 * letters with them. The letters of names are below U+00AD, so most text never reaches the test.
 */
const FORMAT = /\p{Cf}/u
const isFormat = (c: number) =>
  c >= 0xad && c !== 0x200c && c !== 0x200d && FORMAT.test(String.fromCharCode(c))

/**
 * C0 controls, DEL and C1 controls (0x9b starts a terminal escape too), the line separators, and
 * format characters (isFormat).
 */
const isControl = (c: number) =>
  c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029 || isFormat(c)

/** `s` with every control character written as an escape: \n, \r, \t, else \xHH or \uHHHH. */
export function printable(s: string): string {
  let out = ''
  let from = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (!isControl(c)) continue
    const hex = c.toString(16).padStart(c > 0xff ? 4 : 2, '0')
    out += s.slice(from, i) + (NAMED[s[i]] ?? (c > 0xff ? `\\u${hex}` : `\\x${hex}`))
    from = i + 1
  }
  return from === 0 ? s : out + s.slice(from)
}

/** At most `max` characters of `s` and `...` when cut, never splitting an escape or a surrogate pair. */
function cut(s: string, max: number): string {
  if (s.length <= max) return s
  let head = s.slice(0, max - 3)
  // A backslash escape cut short (\, \x1, \u00…) is dropped whole.
  const esc = head.lastIndexOf('\\')
  if (esc >= 0 && esc >= head.length - 6) {
    let slashes = 0
    for (let k = esc; k >= 0 && head[k] === '\\'; k--) slashes++
    const rest = head.slice(esc + 1)
    const whole = /^(?:[^xu]|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4})/.test(rest)
    if (slashes % 2 === 1 && !whole) head = head.slice(0, esc)
  }
  const last = head.charCodeAt(head.length - 1)
  if (last >= 0xd800 && last <= 0xdbff) head = head.slice(0, -1)
  return head + '...'
}

/** A quoted value (`"…"`, quotes included) cut to QUOTE_CHARS, still closed by its quote. */
function cutQuoted(q: string): string {
  const inner = printable(q.slice(1, -1))
  return inner.length + 2 <= QUOTE_CHARS ? `"${inner}"` : `"${cut(inner, QUOTE_CHARS - 2)}"`
}

/** Text for a message or a table, unquoted: escaped, and cut to QUOTE_CHARS. */
export function shortText(s: string): string {
  return cut(printable(s), QUOTE_CHARS)
}

/** A value for a message: JSON-quoted, escaped and cut to QUOTE_CHARS. */
export function quoteValue(s: string): string {
  return cutQuoted(JSON.stringify(s))
}

/**
 * A message as one printable line: each quoted value ("…", a backslash escaping the next
 * character) cut to QUOTE_CHARS, each word longer than WORD_CHARS cut as well, and every
 * control character escaped. One pass over the text (no backtracking regex: a value of millions
 * of characters is read once).
 */
export function oneLine(message: string): string {
  let out = ''
  let quotes = true
  let i = 0
  const n = message.length
  while (i < n) {
    const ch = message[i]
    if (ch === '"' && quotes) {
      let j = i + 1
      while (j < n && message[j] !== '"') j += message[j] === '\\' ? 2 : 1
      if (j < n) {
        out += cutQuoted(message.slice(i, j + 1))
        i = j + 1
        continue
      }
      // No closing quote: the rest is words (and no later quote is looked for, so this is one pass).
      quotes = false
    }
    if (ch === ' ') {
      out += ch
      i++
      continue
    }
    let j = i + 1
    while (j < n && message[j] !== ' ' && !(quotes && message[j] === '"')) j++
    const word = printable(message.slice(i, j))
    out += word.length > WORD_CHARS ? cut(word, QUOTE_CHARS) : word
    i = j
  }
  return out
}

/** A word as a POSIX shell takes it back: as it is when plain, else in single quotes. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`
}

/** Whether `s` holds a control character (escaped by printable). */
export function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isControl(s.charCodeAt(i))) return true
  return false
}

/**
 * "a" or "an" before a word, by its sound: an 8/1 attack, an 11-tile building, an 80% chance,
 * a 1/8 split. Numbers are read as said (eight, eleven, eighteen, eighty thousand).
 */
function article(word: string): 'a' | 'an' {
  const digits = /^\d[\d,]*/.exec(word)?.[0].replace(/,/g, '')
  // A word: by its first letter, u said "you" (a unit) as in the words these messages use.
  if (digits === undefined) return /^[aeio]/i.test(word) ? 'an' : 'a'
  // The first group of three digits is what is said first: 18,000 is "eighteen thousand".
  const lead = digits.slice(0, ((digits.length - 1) % 3) + 1)
  return lead.startsWith('8') || lead === '11' || lead === '18' ? 'an' : 'a'
}

/** `word` after its article: "an 8/1", "a 5/2". */
export function withArticle(word: string): string {
  return `${article(word)} ${word}`
}
