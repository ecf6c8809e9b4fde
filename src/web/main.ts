/**
 * The page's one script, inlined in dist/web/index.html: on the page it draws the page; started
 * again as the page's worker (from its own text, src/web/page.ts), it answers questions.
 */
import { startPage } from './page.js'
import { serveJobs } from './worker.js'

if (typeof document === 'undefined') serveJobs(self as unknown as Parameters<typeof serveJobs>[0])
else void startPage(document.getElementById('mecha-code')?.textContent ?? '')
