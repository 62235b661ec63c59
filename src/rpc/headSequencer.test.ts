import fc from 'fast-check'
import type { Hash } from 'viem'
import { describe, expect, it } from 'vitest'
import { HeadSequencer, MissingBlockError, type HeadEvent, type HeadOrigin, type HeadSource } from './headStream.ts'
import type { BlockHeader } from './schemas.ts'

/**
 * The ordering and reorg logic on synthetic chains: blocks are named by branch and number, hashes derive
 * from the name, and a source serves whichever branch is canonical at the moment.
 */

const zeroHash = `0x${'0'.repeat(64)}` as Hash

function hashOf(name: string): Hash {
  let hex = ''
  for (const char of name) hex += char.charCodeAt(0).toString(16).padStart(2, '0')
  return `0x${hex.padStart(64, '0')}` as Hash
}

function header(number: number, hash: Hash, parentHash: Hash): BlockHeader {
  return {
    number: `0x${number.toString(16)}`,
    hash,
    parentHash,
    sha3Uncles: zeroHash,
    miner: `0x${'0'.repeat(40)}`,
    stateRoot: zeroHash,
    transactionsRoot: zeroHash,
    receiptsRoot: zeroHash,
    difficulty: '0x0',
    gasLimit: '0x1c9c380',
    gasUsed: '0x0',
    timestamp: `0x${number.toString(16)}`,
    extraData: '0x',
  }
}

/** A block tree: every block ever made, and the branch that is canonical now. */
class Chain {
  readonly byHash = new Map<Hash, BlockHeader>()
  canonical: BlockHeader[] = []
  calls = { byNumber: [] as bigint[][], byHash: [] as Hash[] }
  failing = false
  #forks = 0

  constructor(length: number) {
    for (let number = 0; number < length; number++) this.extend()
  }

  get tip(): BlockHeader {
    return this.canonical.at(-1)!
  }

  at(number: number): BlockHeader {
    return this.canonical[number]!
  }

  extend(count = 1): BlockHeader {
    for (let index = 0; index < count; index++) {
      const number = this.canonical.length
      const parent = this.canonical.at(-1)
      const block = header(number, hashOf(`${this.#forks}:${number}`), parent?.hash ?? zeroHash)
      this.byHash.set(block.hash, block)
      this.canonical.push(block)
    }
    return this.tip
  }

  /** Drops the blocks above `keepUpTo` and mines `count` new ones on top: a reorg of a new branch. */
  fork(keepUpTo: number, count: number): BlockHeader {
    this.#forks += 1
    this.canonical = this.canonical.slice(0, keepUpTo + 1)
    return this.extend(count)
  }

  source(): HeadSource {
    return {
      byNumber: async (numbers) => {
        this.calls.byNumber.push([...numbers])
        if (this.failing) throw new Error('node unreachable')
        return numbers.map((number) => this.canonical[Number(number)] ?? null)
      },
      byHash: async (hash) => {
        this.calls.byHash.push(hash)
        if (this.failing) throw new Error('node unreachable')
        return this.byHash.get(hash) ?? null
      },
    }
  }
}

/**
 * A consumer as the home page would be: it applies the events to its list and checks, on every event, that
 * the list stays ordered, gap-free and linked.
 */
class Consumer {
  list: BlockHeader[] = []
  events: HeadEvent[] = []

  readonly listener = (event: HeadEvent) => {
    this.events.push(event)
    if (event.type === 'head') {
      const last = this.list.at(-1)
      if (last) {
        expect(BigInt(event.head.number), 'numbers go up by one').toBe(BigInt(last.number) + 1n)
        expect(event.head.parentHash, 'each head links to the one before').toBe(last.hash)
      }
      this.list.push(event.head)
    } else if (event.type === 'replaced') {
      const tail = this.list.slice(this.list.length - event.removed.length)
      expect(tail.map((block) => block.hash), 'what is replaced is the newest part of what was delivered').toEqual(event.removed.map((block) => block.hash))
      this.list = this.list.slice(0, this.list.length - event.removed.length)
    } else if (event.type === 'reset') {
      this.list = []
    }
  }

  get numbers(): number[] {
    return this.list.map((block) => Number(BigInt(block.number)))
  }

  heads(origin?: HeadOrigin): number[] {
    return this.events.flatMap((event) => (event.type === 'head' && (!origin || event.origin === origin) ? [Number(BigInt(event.head.number))] : []))
  }
}

function setup(length = 4, options: { keep?: number; maxBackfill?: number } = {}) {
  const chain = new Chain(length)
  const consumer = new Consumer()
  const sequencer = new HeadSequencer(chain.source(), consumer.listener, options)
  return { chain, consumer, sequencer }
}

describe('HeadSequencer', () => {
  it('delivers linked heads in order and drops duplicates', async () => {
    const { chain, consumer, sequencer } = setup(1)
    await sequencer.push(chain.tip)
    for (let index = 0; index < 3; index++) {
      const head = chain.extend()
      await sequencer.push(head)
      await sequencer.push(head) // the node sent it twice
    }
    await sequencer.push(chain.at(2), 'subscription') // an old one again
    expect(consumer.numbers).toEqual([0, 1, 2, 3])
    expect(consumer.events).toHaveLength(4)
    expect(chain.calls).toEqual({ byNumber: [], byHash: [] })
  })

  it('fills a gap by number, in one request, before the head that revealed it', async () => {
    const { chain, consumer, sequencer } = setup(2)
    await sequencer.push(chain.tip)
    const head = chain.extend(4)
    await sequencer.push(head)
    expect(chain.calls.byNumber).toEqual([[2n, 3n, 4n]])
    expect(consumer.numbers).toEqual([1, 2, 3, 4, 5])
    expect(consumer.heads('backfill')).toEqual([2, 3, 4])
    expect(consumer.heads('subscription')).toEqual([1, 5])
  })

  it('replaces the tip when a head of the same height arrives on another branch', async () => {
    const { chain, consumer, sequencer } = setup(4)
    for (const block of chain.canonical) await sequencer.push(block)
    const orphan = chain.tip
    const replacement = chain.fork(2, 1)
    await sequencer.push(replacement)
    expect(consumer.events.at(-2)).toEqual({ type: 'replaced', removed: [orphan] })
    expect(consumer.list.at(-1)).toBe(replacement)
    expect(consumer.numbers).toEqual([0, 1, 2, 3])
  })

  it('walks back by parentHash to the common ancestor of a deeper reorg', async () => {
    const { chain, consumer, sequencer } = setup(7)
    for (const block of chain.canonical) await sequencer.push(block)
    const orphans = chain.canonical.slice(4)
    chain.fork(3, 4) // blocks 4..7 on a new branch
    await sequencer.push(chain.tip)
    // 7 is a gap from 6: backfilled by number, whose 4..6 reveal the branch; the walk back needs no fetch then.
    expect(consumer.events.find((event) => event.type === 'replaced')).toEqual({ type: 'replaced', removed: orphans })
    expect(consumer.list.map((block) => block.hash)).toEqual(chain.canonical.map((block) => block.hash))
  })

  it('fetches parents by hash when the new branch is no longer than the old one', async () => {
    const { chain, consumer, sequencer } = setup(7)
    for (const block of chain.canonical) await sequencer.push(block)
    chain.fork(3, 3) // 4..6 replaced, same height
    await sequencer.push(chain.tip)
    expect(chain.calls.byHash).toEqual([chain.at(5).hash, chain.at(4).hash])
    expect(consumer.list.map((block) => block.hash)).toEqual(chain.canonical.map((block) => block.hash))
    expect(consumer.heads().slice(-3)).toEqual([4, 5, 6])
  })

  it('follows the subscription back to a shorter branch', async () => {
    const { chain, consumer, sequencer } = setup(6)
    for (const block of chain.canonical) await sequencer.push(block)
    const shorter = chain.fork(2, 2) // now the head is 4', with 3' below it
    await sequencer.push(shorter, 'subscription')
    expect(consumer.numbers).toEqual([0, 1, 2, 3, 4])
    expect(consumer.list.map((block) => block.hash)).toEqual(chain.canonical.map((block) => block.hash))
  })

  it('ignores a polled head that is older than the subscription, even on the branch it left', async () => {
    const { chain, consumer, sequencer } = setup(6)
    for (const block of chain.canonical) await sequencer.push(block)
    const askedBeforeTheReorg = chain.tip
    await sequencer.push(chain.fork(3, 2), 'subscription')
    const delivered = consumer.events.length
    await sequencer.push(askedBeforeTheReorg, 'poll') // its answer arrives late: it must not undo the reorg
    expect(consumer.events).toHaveLength(delivered)
    expect(consumer.list.map((block) => block.hash)).toEqual(chain.canonical.map((block) => block.hash))
  })

  it('restarts with a reset when the gap is longer than it backfills', async () => {
    const { chain, consumer, sequencer } = setup(2, { keep: 5, maxBackfill: 10 })
    await sequencer.push(chain.tip)
    await sequencer.push(chain.extend(30))
    expect(consumer.events.filter((event) => event.type === 'reset')).toEqual([{ type: 'reset', skipped: 25n }])
    expect(consumer.numbers).toEqual([27, 28, 29, 30, 31])
    expect(sequencer.chain.map((block) => Number(BigInt(block.number)))).toEqual([27, 28, 29, 30, 31])
  })

  it('holds only the newest `keep` heads', async () => {
    const { chain, sequencer } = setup(1, { keep: 3 })
    for (let index = 0; index < 10; index++) await sequencer.push(chain.extend())
    expect(sequencer.chain.map((block) => Number(BigInt(block.number)))).toEqual([8, 9, 10])
  })

  it('rejects a push it cannot link while the node is unreachable, and catches up on the next one', async () => {
    const { chain, consumer, sequencer } = setup(3)
    await sequencer.push(chain.tip)
    chain.failing = true
    await expect(sequencer.push(chain.extend(3))).rejects.toThrow('node unreachable')
    expect(consumer.numbers).toEqual([2])
    chain.failing = false
    await sequencer.push(chain.extend())
    expect(consumer.numbers).toEqual([2, 3, 4, 5, 6])
  })

  it('waits rather than skip when the node does not have a block yet', async () => {
    const { chain, sequencer } = setup(3)
    await sequencer.push(chain.tip)
    const ahead = header(9, hashOf('ahead'), hashOf('unknown'))
    await expect(sequencer.push(ahead)).rejects.toBeInstanceOf(MissingBlockError)
    expect(sequencer.tip).toBe(chain.tip)
  })

  it('applies pushes one at a time, in the order they were made', async () => {
    const { chain, consumer, sequencer } = setup(1)
    await sequencer.push(chain.tip)
    const far = chain.extend(5)
    const next = chain.extend()
    // Not awaited in between: the second waits for the first's backfill.
    await Promise.all([sequencer.push(far), sequencer.push(next)])
    expect(consumer.numbers).toEqual([0, 1, 2, 3, 4, 5, 6])
  })

  it('keeps the sequence gap-free, duplicate-free and linked whatever the heads do (property)', async () => {
    type Step =
      | { kind: 'next' }
      | { kind: 'jump'; count: number }
      | { kind: 'duplicate' }
      | { kind: 'stalePoll'; back: number }
      | { kind: 'reorg'; depth: number; length: number }
    const step = fc.oneof(
      { weight: 5, arbitrary: fc.constant<Step>({ kind: 'next' }) },
      { weight: 2, arbitrary: fc.integer({ min: 2, max: 12 }).map<Step>((count) => ({ kind: 'jump', count })) },
      { weight: 1, arbitrary: fc.constant<Step>({ kind: 'duplicate' }) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 6 }).map<Step>((back) => ({ kind: 'stalePoll', back })) },
      {
        weight: 2,
        arbitrary: fc.record({ depth: fc.integer({ min: 1, max: 8 }), length: fc.integer({ min: 1, max: 10 }) }).map<Step>((value) => ({ kind: 'reorg', ...value })),
      },
    )
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        const { chain, consumer, sequencer } = setup(10, { keep: 32, maxBackfill: 64 })
        await sequencer.push(chain.tip)
        for (const action of steps) {
          if (action.kind === 'next') await sequencer.push(chain.extend())
          else if (action.kind === 'jump') await sequencer.push(chain.extend(action.count))
          else if (action.kind === 'duplicate') await sequencer.push(chain.tip)
          else if (action.kind === 'stalePoll') await sequencer.push(chain.at(Math.max(0, chain.canonical.length - 1 - action.back)), 'poll')
          else await sequencer.push(chain.fork(Math.max(0, chain.canonical.length - 1 - action.depth), action.length))
        }
        // What the consumer holds is exactly the canonical chain's newest part, ending at the head.
        expect(consumer.list.at(-1)!.hash).toBe(chain.tip.hash)
        for (const block of consumer.list) expect(block.hash).toBe(chain.at(Number(BigInt(block.number))).hash)
        expect(new Set(consumer.numbers).size).toBe(consumer.numbers.length)
      }),
      { numRuns: 300 },
    )
  })
})
