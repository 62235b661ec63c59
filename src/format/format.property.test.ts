import fc from 'fast-check'
import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeRevert, describeRevert } from '../../contract/revert.ts'
import { approvalForAllTopic, approvalTopic, decodeTokenEvent, transferTopic } from '../evm/tokenEvents.ts'
import { checksumAddress } from './address.ts'
import { byteLength, formatChainId, hexToBigInt, hexToDecimal, hexToNumber, printableText, shortHex } from './hex.ts'
import { formatBytes, formatEther, formatGwei, formatInteger, formatPercent, formatWei } from './numbers.ts'
import { receiptStatus } from './receiptStatus.ts'
import { formatV, formatYParity } from './signature.ts'
import { formatAge, formatLocal, formatTimestamp, formatUtc, isoUtc } from './time.ts'
import { transactionTypeName, transactionTypeShort } from './transactionType.ts'

/**
 * Property tests of the formatters and decoders the pages call on chain values: any hex quantity the
 * schemas let through (any length, leading zeros, either case), any data, any topics. None of them may
 * throw, since a throw inside a render reaches React.
 */

const hexDigit = fc.constantFrom(...'0123456789abcdefABCDEF')
/** What quantitySchema accepts: 0x and at least one hex digit, up to far beyond 256 bits. */
const quantity = fc.oneof(
  fc.string({ unit: hexDigit, minLength: 1, maxLength: 100 }).map((digits) => `0x${digits}` as Hex),
  fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map((n) => `0x${n.toString(16)}` as Hex),
  fc.constantFrom<Hex>('0x0', '0x1', '0x00', '0x1b', '0x1c', '0x25', '0x26', '0x7e', '0x' + 'f'.repeat(64) as Hex, '0x1fffffffffffff', '0x20000000000000'),
)
/** What dataSchema accepts: whole bytes. */
const data = fc.uint8Array({ maxLength: 300 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}` as Hex)
/** Any string at all where a formatter takes free text-ish hex (shortHex, checksumAddress). */
const anyText = fc.oneof(fc.string({ maxLength: 120 }), data, quantity)

const runs = { numRuns: 2000, seed: 8101 }

describe('formatters never throw on any hex quantity (fast-check)', () => {
  it('numbers, units, signatures, types, statuses and chain ids', () => {
    fc.assert(
      fc.property(quantity, quantity, (a, b) => {
        const value = hexToBigInt(a)
        expect(hexToDecimal(a)).toBe(value.toString(10))
        expect(typeof formatInteger(value)).toBe('string')
        expect(formatEther(value)).toMatch(/ ETH$/)
        expect(formatEther(value, 4)).toMatch(/ ETH$/)
        expect(formatGwei(value)).toMatch(/ (gwei|wei)$/)
        expect(formatWei(value)).toMatch(/ wei$/)
        expect(formatBytes(value)).toMatch(/ (B|KiB|MiB|GiB|TiB)$/)
        expect(formatPercent(value, hexToBigInt(b))).toMatch(/%$/)
        expect(typeof formatV(a)).toBe('string')
        expect(typeof formatYParity(a)).toBe('string')
        expect(typeof transactionTypeName(a)).toBe('string')
        expect(typeof transactionTypeShort(a)).toBe('string')
        expect(['success', 'failed', 'pending', 'pre-byzantium', 'unknown']).toContain(receiptStatus({ status: a }))
        expect(typeof formatChainId(a)).toBe('string')
        expect(byteLength(a)).toBeGreaterThanOrEqual(0)
      }),
      runs,
    )
  })

  it('times: any quantity as a timestamp, through the number the pages make of it', () => {
    fc.assert(
      fc.property(quantity, (a) => {
        // hexToNumber refuses what a JS number cannot hold exactly (RangeError, by design); the schemas keep
        // such timestamps out of blocks (see rpc/methods.property.test.ts), and the time formatters take any number.
        let seconds: number
        try {
          seconds = hexToNumber(a)
          expect(Number.isSafeInteger(seconds)).toBe(true)
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError)
          seconds = Number(hexToBigInt(a))
        }
        expect(typeof formatUtc(seconds)).toBe('string')
        expect(typeof formatLocal(seconds)).toBe('string')
        expect(typeof formatTimestamp(seconds, 'Asia/Kolkata')).toBe('string')
        expect(typeof formatAge(Date.now() / 1000 - seconds)).toBe('string')
        const iso = isoUtc(seconds)
        expect(iso === null || typeof iso === 'string').toBe(true)
      }),
      runs,
    )
  })

  it('text: short forms, checksums and printable data', () => {
    fc.assert(
      fc.property(anyText, data, (text, bytes) => {
        expect(shortHex(text).length).toBeLessThanOrEqual(text.length + 1)
        expect(typeof checksumAddress(text)).toBe('string')
        const printable = printableText(bytes)
        expect(printable === null || typeof printable === 'string').toBe(true)
        if (printable !== null) expect(printable).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/) // eslint-disable-line no-control-regex
      }),
      runs,
    )
  })
})

describe('EVM decoders never throw on any log or revert payload (fast-check)', () => {
  const word = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}` as Hex)
  const addressWord = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => `0x${'0'.repeat(24)}${Buffer.from(bytes).toString('hex')}` as Hex)
  const topic = fc.oneof(word, addressWord, fc.constantFrom(transferTopic, approvalTopic, approvalForAllTopic), quantity, data)

  it('token events: a decoded event or null', () => {
    const topics = fc.oneof(
      fc.array(topic, { maxLength: 5 }),
      fc.tuple(fc.constantFrom(transferTopic, approvalTopic, approvalForAllTopic), fc.array(fc.oneof(addressWord, word), { maxLength: 4 })).map(([first, rest]) => [first, ...rest]),
    )
    const logData = fc.oneof(data, word, fc.constantFrom<Hex>('0x', `0x${'0'.repeat(63)}1`, `0x${'0'.repeat(63)}2`))
    let decoded = 0
    fc.assert(
      fc.property(topics, logData, (list, bytes) => {
        const event = decodeTokenEvent({ topics: list, data: bytes })
        if (event !== null) {
          decoded++
          expect(['ERC-20', 'ERC-721']).toContain(event.standard)
        }
      }),
      { numRuns: 4000, seed: 8102 },
    )
    expect(decoded).toBeGreaterThan(0)
  })

  it('revert payloads: always a decoded revert with a one-line description', () => {
    const selector = fc.constantFrom('0x08c379a0', '0x4e487b71', '0xdeadbeef')
    const payload = fc.oneof(data, quantity, fc.tuple(selector, data).map(([head, tail]) => `${head}${tail.slice(2)}` as Hex), fc.string({ maxLength: 80 }) as fc.Arbitrary<Hex>)
    fc.assert(
      fc.property(payload, (bytes) => {
        const decoded = decodeRevert(bytes)
        expect(['empty', 'error', 'panic', 'custom', 'raw']).toContain(decoded.kind)
        expect(typeof describeRevert(decoded)).toBe('string')
      }),
      { numRuns: 4000, seed: 8103 },
    )
  })
})

// The platform's own en-US formatters are the oracle for the by-hand fast paths (numbers.ts, time.ts), which
// exist only so a page need not load the locale data before its first render.
describe('whole numbers and UTC times written by hand read exactly as Intl writes them (fast-check)', () => {
  const intlNumbers = new Intl.NumberFormat('en-US')
  const intlUtc = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: 'UTC', timeZoneName: 'short' })

  it('any bigint and any number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n }), fc.integer(), fc.maxSafeInteger(), fc.double({ noNaN: true })), (value) => {
        expect(formatInteger(value)).toBe(intlNumbers.format(value))
      }),
      runs,
    )
    for (const value of [0, -0, 1, -1, 999, 1000, -1000, 123456789, Number.MAX_SAFE_INTEGER, 2 ** 60, 1.5, 0n, -999n, 1000n]) expect(formatInteger(value)).toBe(intlNumbers.format(value))
  })

  it('any time the calendar holds, fractions of a second included', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -62_135_596_800, max: 253_402_300_799 }), fc.double({ min: -8.64e12, max: 8.64e12, noNaN: true }), fc.integer({ min: -8.64e12, max: 8.64e12 })), (seconds) => {
        expect(formatUtc(seconds)).toBe(intlUtc.format(new Date(seconds * 1000)))
      }),
      runs,
    )
    for (const seconds of [0, -1, 1_795_326_422, -30_610_224_000, 253_402_300_799, 253_402_300_800, -62_135_596_800, 0.999]) expect(formatUtc(seconds)).toBe(intlUtc.format(new Date(seconds * 1000)))
  })
})
