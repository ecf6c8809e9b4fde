// The worker behind in-process.ts: runs the CLI front (runCli, from the build) on each request,
// with captured streams, and wakes the waiting test thread when the answer is posted.
import { Readable, Writable } from 'node:stream'
import { parentPort, workerData } from 'node:worker_threads'

const { port, signal } = workerData
// Ending (an error no request caught, or terminate()): the waiting test thread is woken to stop
// waiting for an answer that will not come.
process.on('exit', () => {
  Atomics.store(signal, 0, 2)
  Atomics.notify(signal, 0)
})
const { runCli } = await import(workerData.main)

const capture = (chunks) =>
  new Writable({
    decodeStrings: false,
    write(chunk, _encoding, done) {
      chunks.push(String(chunk))
      done()
    },
  })

// stdin as a pipe delivers it: in pieces of at most 64 KiB.
function* pipeChunks(text) {
  const bytes = Buffer.from(text ?? '')
  for (let at = 0; at < bytes.length; at += 65536) yield bytes.subarray(at, at + 65536)
}

parentPort.on('message', async ({ id, argv, input, env, cwd }) => {
  const stdout = []
  const stderr = []
  let code
  try {
    code = await runCli(argv, {
      stdout: capture(stdout),
      stderr: capture(stderr),
      stdin: Readable.from(pipeChunks(input), { objectMode: false }),
      stdoutIsTTY: false,
      stderrIsTTY: false,
      stdinIsTTY: false,
      env,
      cwd,
    })
  } catch (e) {
    // runCli answers every failure with an exit code: reaching here is the front's own bug
    code = null
    stderr.push(`runCli threw: ${e?.stack ?? e}\n`)
  }
  port.postMessage({ id, code, stdout: stdout.join(''), stderr: stderr.join('') })
  Atomics.store(signal, 0, 1)
  Atomics.notify(signal, 0)
})
