// The https rule: keys travel in every request, so plain http only to this machine.
import { describe, expect, it } from 'vitest'
import { isLoopbackHost, normaliseBaseUrl } from '../../../src-main/profiles/base-url'

describe('normaliseBaseUrl', () => {
  it('refuses plain http to another host, saying why and what to do', () => {
    expect(() => normaliseBaseUrl('http://example.com')).toThrow(
      'Refusing http://example.com: the API key would travel unencrypted. Use https://',
    )
    expect(() => normaliseBaseUrl('http://10.0.0.5:4830')).toThrow(/unencrypted/)
    expect(() => normaliseBaseUrl('http://localhost.evil.com')).toThrow(/unencrypted/)
    expect(() => normaliseBaseUrl('http://128.0.0.1')).toThrow(/unencrypted/)
  })

  it('accepts http to loopback hosts', () => {
    expect(normaliseBaseUrl('http://127.0.0.1:4830')).toBe('http://127.0.0.1:4830')
    expect(normaliseBaseUrl('http://127.8.9.10:1/')).toBe('http://127.8.9.10:1')
    expect(normaliseBaseUrl('http://LOCALHOST:4830/api/')).toBe('http://localhost:4830/api')
    expect(normaliseBaseUrl('http://[::1]:4830')).toBe('http://[::1]:4830')
  })

  it('normalises https URLs', () => {
    expect(normaliseBaseUrl(' https://Board.Example.com:443/ ')).toBe('https://board.example.com')
    expect(normaliseBaseUrl('https://example.com/team/board//')).toBe(
      'https://example.com/team/board',
    )
  })

  it('refuses other schemes, credentials, queries and junk', () => {
    expect(() => normaliseBaseUrl('ftp://example.com')).toThrow(/https:\/\//)
    expect(() => normaliseBaseUrl('file:///etc/passwd')).toThrow(/https:\/\//)
    expect(() => normaliseBaseUrl('https://u:p@example.com')).toThrow(/user name or password/)
    expect(() => normaliseBaseUrl('https://example.com/?x=1')).toThrow(/query/)
    expect(() => normaliseBaseUrl('https://example.com/#x')).toThrow(/fragment/)
    expect(() => normaliseBaseUrl('tb_not_a_url_secret')).toThrow(/not a valid URL/)
    // The input is not repeated: it may be a key pasted into the wrong field.
    expect(() => normaliseBaseUrl('tb_not_a_url_secret')).not.toThrow(/tb_/)
  })
})

describe('isLoopbackHost', () => {
  it('knows 127.0.0.0/8, ::1 and localhost only', () => {
    expect(['127.0.0.1', '127.255.255.254', '[::1]', 'localhost'].every(isLoopbackHost)).toBe(true)
    expect(
      ['0.0.0.0', '[::]', '10.0.0.1', 'localhost.example', '[::ffff:7f00:1]'].some(isLoopbackHost),
    ).toBe(false)
  })
})
