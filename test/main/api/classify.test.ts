// Telling bodies and network failures apart, without a network.
import { describe, expect, it } from 'vitest'
import { classifyFetchFailure } from '../../../src-main/api/network-failure'
import { classifyBody, readServerError } from '../../../src-main/api/response-body'

const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause })
const withCode = (code: string) => Object.assign(new Error(code), { code })

describe('classifyBody', () => {
  it('tells JSON, broken JSON, HTML, empty and text apart', () => {
    expect(classifyBody('{"a":1}', 'application/json')).toEqual({ kind: 'json', value: { a: 1 } })
    expect(classifyBody('{"a":1}', 'text/plain')).toMatchObject({ kind: 'json' })
    expect(classifyBody('{"a":', 'application/json')).toMatchObject({ kind: 'bad-json' })
    expect(classifyBody('<html></html>', 'application/json')).toEqual({ kind: 'html' })
    expect(classifyBody('Bad Gateway', 'text/html')).toEqual({ kind: 'html' })
    expect(classifyBody('  \n', null)).toEqual({ kind: 'empty' })
    expect(classifyBody('oops\u0000\u001b[31m', null)).toEqual({
      kind: 'text',
      snippet: 'oops [31m',
    })
  })

  it('reads either error shape, and nothing else, as a server error', () => {
    const body = (value: unknown) => ({ kind: 'json' as const, value })
    expect(readServerError(body({ error: true, message: 'm' }))).toEqual({
      code: undefined,
      message: 'm',
      issues: [],
    })
    expect(readServerError(body({ error: 'DUPLICATE', message: 'm', issues: [1] }))).toEqual({
      code: 'DUPLICATE',
      message: 'm',
      issues: [],
    })
    expect(readServerError(body({ success: true }))).toBeUndefined()
    expect(readServerError(body({ error: false, message: 'm' }))).toBeUndefined()
    expect(readServerError({ kind: 'html' })).toBeUndefined()
  })
})

describe('classifyFetchFailure', () => {
  it('knows a refused connection sent nothing and is worth retrying', () => {
    expect(classifyFetchFailure(fetchFailed(withCode('ECONNREFUSED')), false)).toMatchObject({
      kind: 'network',
      mayHaveBeenSent: false,
      transient: true,
    })
    const happyEyeballs = Object.assign(new AggregateError([withCode('ECONNREFUSED')]), {})
    expect(classifyFetchFailure(fetchFailed(happyEyeballs), false).mayHaveBeenSent).toBe(false)
  })

  it('treats resets, closed sockets and unknown failures as possibly sent', () => {
    for (const cause of [withCode('ECONNRESET'), withCode('UND_ERR_SOCKET'), new Error('?')]) {
      expect(classifyFetchFailure(fetchFailed(cause), false).mayHaveBeenSent).toBe(true)
    }
  })

  it('a timeout may have been sent; an untrusted certificate is not retried', () => {
    expect(classifyFetchFailure(new Error('aborted'), true)).toMatchObject({
      kind: 'timeout',
      mayHaveBeenSent: true,
    })
    expect(classifyFetchFailure(fetchFailed(withCode('CERT_HAS_EXPIRED')), false)).toMatchObject({
      mayHaveBeenSent: false,
      transient: false,
    })
  })
})
