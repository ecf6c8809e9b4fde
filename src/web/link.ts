/**
 * The page's state in its link (docs/web.md): `#<command>?<key>=<value>&…`, a batch line in URL
 * form. Keys are the library's request keys, values as a batch line may give them (numbers as
 * text), a list as the same key repeated; `seed` and `rolls` are the dice of a roll, as in a
 * batch line; `roster` is the roster's data, deflate-compressed and base64url-encoded. Several
 * set-ups compared are several lines joined by `;` (the roster given once, in the first).
 * Nothing here checks a value: the library does, with its own messages.
 */

/** One set-up: a command and its keys' values as given, in order (a repeated key: a list). */
export interface Setup {
  command: string
  values: Record<string, string[]>
}

export interface LinkState {
  setups: Setup[]
  /** The roster, compressed as the link carries it (inflateRoster reads it). */
  roster?: string
  seed?: string
  rolls?: string
}

export const ROSTER_KEY = 'roster'

/** The state in a location hash (with or without its `#`). */
export function parseLink(hash: string): LinkState {
  const text = hash.replace(/^#/, '')
  const state: LinkState = { setups: [] }
  if (!text.trim()) return state
  for (const line of text.split(';')) {
    if (!line) continue
    const q = line.indexOf('?')
    const command = decodeURIComponent(q < 0 ? line : line.slice(0, q)).trim()
    const values: Record<string, string[]> = {}
    for (const [key, value] of new URLSearchParams(q < 0 ? '' : line.slice(q + 1))) {
      if (key === ROSTER_KEY) {
        state.roster ??= value
        continue
      }
      if (key === 'seed' || key === 'rolls') {
        if (state.setups.length === 0) state[key] = value
        continue
      }
      if (key === 'odds') continue // the page always shows the odds
      ;(values[key] ??= []).push(value)
    }
    state.setups.push({ command, values })
  }
  return state
}

/** The link of a state: each set-up's given values in order, empty ones left out. */
export function formatLink(state: LinkState): string {
  const lines = state.setups.map((s, i) => {
    const params = new URLSearchParams()
    for (const [key, list] of Object.entries(s.values))
      for (const v of list) if (v.trim() !== '') params.append(key, v.trim())
    if (i === 0) {
      if (state.seed) params.append('seed', state.seed)
      if (state.rolls) params.append('rolls', state.rolls)
      if (state.roster) params.append(ROSTER_KEY, state.roster)
    }
    const query = params.toString().replace(/\+/g, '%20')
    return query ? `${s.command}?${query}` : s.command
  })
  return '#' + lines.join(';')
}

/**
 * A set-up's request for the library: each key's values (one value, or a list when repeated), the
 * roster's data when units are named. Values stay text: the library reads numbers from text.
 */
export function requestOf(setup: Setup, roster?: object): Record<string, unknown> {
  const request: Record<string, unknown> = {}
  for (const [key, list] of Object.entries(setup.values)) {
    const given = list.map((v) => v.trim()).filter((v) => v !== '')
    if (given.length) request[key] = given.length === 1 ? given[0] : given
  }
  if (roster) request[ROSTER_KEY] = roster
  return request
}

function toBase64Url(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(s, (c) => c.charCodeAt(0))
}

async function pipe(bytes: Uint8Array, through: GenericTransformStream): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(through as TransformStream)
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** A roster's data as the link carries it: its JSON, deflated, base64url. */
export async function deflateRoster(data: object): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(data))
  return toBase64Url(await pipe(json, new CompressionStream('deflate-raw')))
}

/** The roster's JSON text from a link's `roster` value; a damaged one throws a sentence saying so. */
export async function inflateRoster(value: string): Promise<string> {
  try {
    return new TextDecoder().decode(await pipe(fromBase64Url(value), new DecompressionStream('deflate-raw')))
  } catch {
    throw new Error(
      '"roster": the link\'s roster is damaged (it is deflated JSON in base64url); copy the link again, or open the roster file',
    )
  }
}
