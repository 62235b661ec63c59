import { ChainglassError } from '../contract/errors.ts'

/** A port we were told to use is taken: one clear line naming the port and the variable. */
export class PortInUseError extends ChainglassError {
  override name = 'PortInUseError'
  constructor(port: number, variable: string) {
    super(`port ${port} on 127.0.0.1 is already in use: stop what holds it, or set ${variable} to a free port`)
  }
}

/** Runs a start that listens, turning EADDRINUSE into that one line. */
export async function listenOrExplain<T>(start: () => Promise<T>, port: number, variable: string): Promise<T> {
  try {
    return await start()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(port, variable)
    throw error
  }
}
