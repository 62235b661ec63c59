import { describe, expect, it } from 'vitest'
import { errorFromAnswer, FilesError, redact } from './errors.ts'

describe('FilesError', () => {
  it('reads Kubo\'s error body and keeps the status', () => {
    const error = errorFromAnswer('cat', 404, '{"Message":"block was not found locally (offline): x","Code":0,"Type":"error"}', [])
    expect(error).toMatchObject({ kind: 'http', status: 404, code: 0, detail: 'block was not found locally (offline): x' })
    expect(error.hint).toMatch(/does not fetch content from other nodes/)
  })

  it('401 and 403 name the spec\'s likely causes; an origin refusal says so instead', () => {
    for (const status of [401, 403]) {
      const error = errorFromAnswer('pin/ls', status, '', [])
      expect(error.unauthorized).toBe(true)
      expect(error.message).toMatch(/wrong project key or secret, or no billing card on the account .*even for a free account/)
    }
    const origin = errorFromAnswer('pin/ls', 403, '{"Message":"origin http://evil.example is not allowed","Code":4,"Type":"error"}', [])
    expect(origin.unauthorized).toBe(false)
    expect(origin.hint).toMatch(/app's own origin/)
  })

  it('never shows an HTML page, and removes secrets from what it shows', () => {
    expect(errorFromAnswer('add', 502, '<html><body>Bad gateway</body></html>', []).detail).toBe('')
    const echoed = errorFromAnswer('add', 400, '{"Message":"bad header Basic a2V5OnNlY3JldA== for secret","Code":1,"Type":"error"}', ['secret', 'a2V5OnNlY3JldA=='])
    expect(echoed.message).not.toMatch(/a2V5OnNlY3JldA==|for secret/)
    expect(redact('abc', ['ab'])).toBe('abc')
  })

  it('has a kind for each way of failing', () => {
    expect(new FilesError({ kind: 'unreachable', command: 'add' }).hint).toMatch(/size limit/)
    expect(new FilesError({ kind: 'aborted', command: 'add' }).title).toBe('Cancelled')
  })
})
