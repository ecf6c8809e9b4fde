import { MechaError } from '../../src/api/index.js'

/** The MechaError `run` throws; anything else it throws, or an answer, fails the test. */
export function refused(run: () => unknown): MechaError {
  try {
    run()
  } catch (e) {
    if (e instanceof MechaError) return e
    throw e
  }
  throw new Error('answered')
}
