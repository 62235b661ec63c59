import { describe, expect, it } from 'vitest'
import { orderedMap } from './ordered.ts'

async function* from<T>(items: T[]): AsyncGenerator<T> {
  yield* items
}

const collect = async <T>(items: AsyncIterable<T>) => {
  const out: T[] = []
  for await (const item of items) out.push(item)
  return out
}

describe('orderedMap', () => {
  it('answers in the items’ order however the work finishes, with at most `concurrency` in flight', async () => {
    let running = 0
    let most = 0
    const work = async (item: number) => {
      running++
      most = Math.max(most, running)
      await new Promise((resolve) => setTimeout(resolve, (7 - (item % 7)) * 2))
      running--
      return item * 10
    }
    expect(await collect(orderedMap(from([...Array(30).keys()]), work, 4))).toEqual([...Array(30).keys()].map((item) => item * 10))
    expect(most).toBe(4)
  })

  it('throws the first failure in order, and stops reading the items when the consumer stops', async () => {
    await expect(collect(orderedMap(from([1, 2, 3]), async (item) => (item === 2 ? Promise.reject(new Error('two')) : item)))).rejects.toThrow('two')
    let read = 0
    async function* counting() {
      for (let item = 0; item < 1000; item++) {
        read++
        yield item
      }
    }
    for await (const item of orderedMap(counting(), async (each) => each, 3)) if (item === 5) break
    expect(read).toBeLessThan(12)
  })
})
