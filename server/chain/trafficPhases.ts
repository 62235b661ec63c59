import { seededRandom } from './seededRandom.ts'

/**
 * When the traffic is busy: a seeded run of stretches, each a number of ticks long. A cycle goes normal →
 * burst → normal → quiet, every stretch of its own seeded length, so the gas chart shows calm, steady
 * use, climbs and falls rather than one flat line, and the same seed gives the same timetable.
 */

export type PhaseName = 'quiet' | 'normal' | 'burst'

export type Stretch = { phase: PhaseName; start: number; length: number }

/** Each phase's shortest and longest stretch, in ticks. Bursts of 4+ blocks lift the base fee by half or more. */
const lengths: Record<PhaseName, readonly [number, number]> = {
  quiet: [5, 14],
  normal: [6, 18],
  burst: [4, 9],
}

/** Normal first: a fresh chain shows every sort of transaction from its first traffic block on. */
const cycle: readonly PhaseName[] = ['normal', 'burst', 'normal', 'quiet']

export type PhaseSchedule = {
  /** The stretch tick `tick` falls in. */
  at(tick: number): Stretch
}

/** Its own random stream, so how many draws a tick's plan takes never shifts the timetable. */
export function createPhaseSchedule(seed: number): PhaseSchedule {
  const random = seededRandom(seed ^ 0x9e3779b9)
  const stretches: Stretch[] = []
  let end = 0

  function extendTo(tick: number): void {
    while (end <= tick) {
      const phase = cycle[stretches.length % cycle.length]!
      const [low, high] = lengths[phase]
      const length = low + Math.floor(random() * (high - low + 1))
      stretches.push({ phase, start: end, length })
      end += length
    }
  }

  return {
    at(tick) {
      extendTo(tick)
      // Ticks only move forward, so the answer is nearly always among the last stretches.
      for (let index = stretches.length - 1; index >= 0; index--) {
        const stretch = stretches[index]!
        if (stretch.start <= tick) return stretch
      }
      return stretches[0]!
    },
  }
}
