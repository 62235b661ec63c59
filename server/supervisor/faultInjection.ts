/** Switches the hook below on; off unless set to 1. For the supervision tests only. */
export const faultInjectionVariable = 'CHAINGLASS_FAULT_INJECTION'

/**
 * Test-only: SIGUSR2 makes this worker throw an uncaught Error from a timer, as a bug we have not found
 * would, so a test can crash one part on purpose and watch the rest keep serving.
 */
export function injectFaultOnSigusr2(part: string, env: Record<string, string | undefined> = process.env): void {
  if (env[faultInjectionVariable] !== '1') return
  process.on('SIGUSR2', () => {
    setTimeout(() => {
      throw new Error(`injected fault in ${part} (SIGUSR2 with ${faultInjectionVariable}=1)`)
    })
  })
}
