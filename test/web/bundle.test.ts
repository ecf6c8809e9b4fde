import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

/**
 * The page as `npm run build` makes it (dist/web/index.html): one file, nothing fetched, within
 * issue 35's 150 KB gzipped, carrying the words of the commands it offers and no other command's.
 */
const html = readFileSync(new URL('../../dist/web/index.html', import.meta.url), 'utf8')
const script = /<script[^>]*id="mecha-code"[^>]*>([\s\S]*)<\/script>/.exec(html)?.[1] ?? ''

describe('the page file', () => {
  it('is one file with nothing to load from elsewhere', () => {
    expect(script.length).toBeGreaterThan(100_000)
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|@import|url\(\s*['"]?(https?:|\/\/)/i)
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/)
  })

  it('is within 150 KB gzipped', () => {
    expect(gzipSync(html, { level: 9 }).length).toBeLessThanOrEqual(150_000)
  })

  it("carries the texts of its commands, and not the other commands' (build.mjs cuts them)", () => {
    // Words each text prints (src/render): roll's, shoot's, plan's; then formation strike's and wargroup smoke's.
    for (const own of ['Most likely', 'Expected unblocked hits', 'How the plan is composed'])
      expect(script).toContain(own)
    for (const other of ['Split fire', 'Infantry target', 'Smoke']) expect(script).not.toContain(other)
  })
})
