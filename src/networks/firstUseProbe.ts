import type { AppNetwork } from './capabilities.ts'
import { needsProbe, recordProbe } from './learned.ts'
import { learnedIdOf } from './learnedId.ts'
import { factsFromProbe, probeNetwork, type ProbedTag, type ProbeOptions } from './probe.ts'

/**
 * The first use of a network in this browser probes what it offers (networks/probe.ts), once, and keeps the
 * answers with their date (networks/learned.ts): the network's rules follow them from then on. Asked again
 * only when a call contradicts them. No WebSocket of its own: the app's socket is already asking.
 */

const running = new Map<string, Promise<boolean>>()

/** The tags the probe may send: a tag the user's own rules refuse is never sent to that network, not even to probe. */
function tagsToAsk(network: AppNetwork): ProbedTag[] {
  const tags: ProbedTag[] = ['safe', 'finalized']
  return network.source === 'user' ? tags.filter((tag) => network.capabilities.blockTags.includes(tag)) : tags
}

/**
 * Probes `network` if it has not been (or was contradicted since). Resolves true when it probed and kept the
 * answers; false when there was nothing to do or the node did not answer (nothing is learned from silence).
 */
export function probeOnFirstUse(network: AppNetwork, options: Pick<ProbeOptions, 'fetch'> = {}): Promise<boolean> {
  if (!needsProbe(network)) return Promise.resolve(false)
  const id = learnedIdOf(network)
  let run = running.get(id)
  if (!run) {
    run = probeNetwork(network, { ...options, subscribe: false, tags: tagsToAsk(network) })
      .then((probe) => {
        // No chain id: the node did not answer (down, or not a node). Its silence says nothing about what it offers.
        if (probe.chainId === null) return false
        recordProbe(network, factsFromProbe(probe))
        return true
      })
      .catch(() => false)
      .finally(() => running.delete(id))
    running.set(id, run)
  }
  return run
}
