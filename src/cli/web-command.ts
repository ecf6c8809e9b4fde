import { existsSync, lstatSync, mkdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { type Command } from 'commander'
import { InputError } from '../core/errors.js'
import { quoteValue } from '../core/text.js'
import type { Run } from './io.js'
import { replaceFile } from './write-file.js'

/** The page's file name, in the package and in a folder it is copied to. */
const PAGE = 'index.html'

/**
 * Where the installed page is: dist/web/index.html of this package. The CLI runs from the
 * bundle (dist/mecha.cjs) or, in the tests, from dist/cli/: the page is looked for from both.
 */
export function pagePath(): string | undefined {
  const here = fileURLToPath(import.meta.url)
  for (const rel of ['web', '../web'])
    for (const from of [here, join(here, '..')]) {
      const p = resolve(from, '..', rel, PAGE)
      if (existsSync(p)) return p
    }
  return undefined
}

/** `mecha web [--copy DIR]`: where the page is (docs/web.md), or a copy of it for hosting. */
export function registerWeb(program: Command, run: Run): void {
  program
    .command('web')
    .description('the page: where the offline page is installed, or --copy DIR for hosting')
    .option('--copy <dir>', 'copy the page into this folder (made if missing) as index.html')
    .addHelpText(
      'after',
      '\nThe page is one file: open it in a browser (from disk, no network needed), or copy it to any\nstatic host. Its link holds the question (docs/web.md).\n\nExamples:\n  mecha web\n  mecha web --copy site\n',
    )
    .action((opts: { copy?: string }) => {
      const page = pagePath()
      if (!page)
        throw new InputError('no-page', 'web: the page is not built here; run npm run build in the clone')
      if (opts.copy === undefined) {
        run.out.write(
          `The page: ${page}\nOpen it in a browser (${pathToFileURL(page).href}), or copy it for hosting: mecha web --copy DIR\n`,
        )
        return
      }
      const dir = resolve(run.io.cwd, opts.copy)
      const st = lstatSync(dir, { throwIfNoEntry: false })
      if (st?.isSymbolicLink())
        throw new InputError(
          'bad-value',
          `--copy: ${quoteValue(opts.copy)} is a symbolic link; give the folder itself (the page is never written through a link)`,
        )
      if (st && !st.isDirectory())
        throw new InputError('bad-value', `--copy: ${quoteValue(opts.copy)} is not a folder`)
      if (!st) mkdirSync(dir, { recursive: true })
      const target = join(dir, PAGE)
      replaceFile(target, readFileSync(page), '--copy')
      run.out.write(`Copied the page to ${target}\n`)
    })
}
