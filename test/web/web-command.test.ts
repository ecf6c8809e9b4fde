/**
 * `mecha web`: where the installed page is, and a copy of it written whole into a folder, never
 * through a symbolic link.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { mecha } from '../cli/in-process.js'

const PAGE = resolve('dist/web/index.html')
const dir = mkdtempSync(join(tmpdir(), 'mecha-web-cmd-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('mecha web', () => {
  it('says where the installed page is', () => {
    const r = mecha(['web'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`The page: ${PAGE}\n`)
    expect(existsSync(PAGE)).toBe(true)
  })

  it('copies the page into a folder, made when missing', () => {
    const r = mecha(['web', '--copy', 'site/www'], { cwd: dir })
    expect(r.code, r.stderr).toBe(0)
    // Compared as bytes (a deep comparison of 600 KB, value by value, takes seconds).
    expect(readFileSync(join(dir, 'site/www/index.html')).equals(readFileSync(PAGE))).toBe(true)
    expect(r.stdout).toBe(`Copied the page to ${join(dir, 'site/www/index.html')}\n`)
  })

  it('replaces an index.html that is a symbolic link, never writing through it', () => {
    const target = join(dir, 'elsewhere.html')
    writeFileSync(target, 'keep me')
    mkdirSync(join(dir, 'linked'))
    symlinkSync(target, join(dir, 'linked/index.html'))
    expect(mecha(['web', '--copy', 'linked'], { cwd: dir }).code).toBe(0)
    expect(readFileSync(target, 'utf8')).toBe('keep me')
    expect(lstatSync(join(dir, 'linked/index.html')).isSymbolicLink()).toBe(false)
    expect(readFileSync(join(dir, 'linked/index.html')).equals(readFileSync(PAGE))).toBe(true)
  })

  it('refuses a folder that is a symbolic link, or a file, with one line and exit 2', () => {
    mkdirSync(join(dir, 'real'))
    symlinkSync(join(dir, 'real'), join(dir, 'alias'))
    const link = mecha(['web', '--copy', 'alias'], { cwd: dir })
    expect(link.code).toBe(2)
    expect(link.stderr).toBe(
      'mecha: --copy: "alias" is a symbolic link; give the folder itself (the page is never written through a link)\n',
    )
    expect(existsSync(join(dir, 'real/index.html'))).toBe(false)
    writeFileSync(join(dir, 'plain'), '')
    const file = mecha(['web', '--copy', 'plain'], { cwd: dir })
    expect(file.code).toBe(2)
    expect(file.stderr).toBe('mecha: --copy: "plain" is not a folder\n')
  })
})
