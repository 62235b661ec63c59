import path from 'node:path'
import type { ServiceConfig } from '../config.ts'
import { AnvilNode } from './anvil.ts'
import { backoffDelay } from '../../contract/backoff.ts'
import { warmBlobChecks } from './blobWarmUp.ts'

/** A node that fails to restart is tried again after 0.5 s, then 1 s, 2 s, up to 5 s apart. */
const nodeRestartBackoff = { initialMs: 500, maxMs: 5_000, factor: 2, jitter: 0 }

export type SupervisedAnvilOptions = {
  config: ServiceConfig
  log: (line: string) => void
  /** As AnvilOptions.loadState: start from this state file and keep nothing in the data dir. */
  loadState?: string
  hardfork?: string
  /** Called once a restarted node answers again (the supervisor records its new pid). */
  onBack?: () => void
  /**
   * Have the node check one blob proof after each start (blobWarmUp.ts), so its seconds-long first-blob stall
   * comes before the service says it is ready. Default: when the traffic runs (it sends blobs).
   */
  warmBlobs?: boolean
}

export type SupervisedAnvil = {
  node: AnvilNode
  /** After the first start: the blob warm-up (resolved at once when there is none); restarts warm up by themselves. */
  warmUp(): Promise<void>
  /** No more restarts from now on (the service is stopping; a Ctrl-C may already have stopped anvil). */
  stopRestarting(): void
  /** Stops the node for good: a restart that is pending is called off. */
  close(): Promise<void>
}

/**
 * anvil with supervision: a node that dies on its own is brought back on the same port and IPC path after
 * half a second, with one line when it dies and one when it is back. Shared by the in-process service and
 * the supervisor, so both restart the chain the same way.
 */
export function supervisedAnvil(options: SupervisedAnvilOptions): SupervisedAnvil {
  const { config, log } = options
  // Traffic and the tests' history both send blobs: either way the stall comes now, not in the middle of them.
  const warmBlobs = options.warmBlobs ?? (config.traffic || config.historyBlocks > 0)
  // The chain's one line at a start: where anvil listens, and the blob check when it ran.
  const warmUp = async () => {
    const ms = warmBlobs ? await warmBlobChecks(node.httpUrl) : null
    log(`chain: anvil on internal port ${node.port}${ms === null ? '' : `, blob proofs checked once in ${ms} ms (anvil loads its KZG setup at the first blob and answers nothing meanwhile)`}`)
  }
  let restarting = false
  let closed = false
  let timer: NodeJS.Timeout | undefined
  const node: AnvilNode = new AnvilNode({
    stateFile: options.loadState ? null : path.join(config.dataDir, 'chain', 'anvil-state.json'),
    loadState: options.loadState,
    hardfork: options.hardfork,
    blockTime: config.blockTime,
    onUnexpectedExit: (code, signal) => {
      // A Ctrl-C reaches anvil too (it shares the terminal's process group): no restart once we are stopping.
      if (restarting || closed) return
      restarting = true
      log(`chain: anvil exited (code ${code}, signal ${signal}); restarting`)
      // A restart that fails is tried again, waiting longer each time: one never tried again would leave the
      // chain down.
      const attempt = (tries: number) => {
        timer = setTimeout(() => {
          if (closed) return
          node
            .start()
            .then(warmUp)
            .then(() => {
              restarting = false
              log('chain: anvil is back')
              options.onBack?.()
            })
            .catch((error: Error) => {
              log(`chain: anvil restart failed: ${error.message}; trying again`)
              if (closed) restarting = false
              else attempt(tries + 1)
            })
        }, backoffDelay(tries, nodeRestartBackoff))
      }
      attempt(1)
    },
  })
  const stopRestarting = () => {
    closed = true
    clearTimeout(timer)
  }
  return {
    node,
    warmUp,
    stopRestarting,
    async close() {
      stopRestarting()
      await node.stop()
    },
  }
}
