// "Copy link": the task's URL on the board, made from the URLs the board has named. A board's
// URL is anyone's text: only an http(s) link is ever copied, and ids go in as written.
import { describe, expect, it } from 'vitest'
import type { Dependency } from '../../src-shared/api'
import { knownTaskUrls, taskUrl } from '../../src-renderer/context-menu/task-url'
import { buildTask } from '../support/task-builder'

const link = (predecessorUrl: string): Dependency =>
  ({
    id: 'd',
    predecessorId: 'sample-1',
    predecessorUrl,
    successorId: 'other-2',
    successorUrl: '',
  }) as Dependency

const sample = buildTask('sample-1', { projectKey: 'APP', key: 3 })
const byId = { 'sample-1': sample }

describe('taskUrl', () => {
  it("follows the board's pattern by id or by key", () => {
    const task = buildTask('target-9', { projectKey: 'WEB', key: 12 })
    const byIdUrl = knownTaskUrls([link('https://board.example/t/sample-1')])
    expect(taskUrl(task, byIdUrl, byId)).toBe('https://board.example/t/target-9')
    const byKey = knownTaskUrls([link('https://board.example/browse/APP-3')])
    expect(taskUrl(task, byKey, byId)).toBe('https://board.example/browse/WEB-12')
  })

  it('never gives a URL of another scheme, named or made', () => {
    const task = buildTask('target-9')
    for (const url of ['javascript:alert(1)//sample-1', 'file:///etc/sample-1', 'data:,sample-1']) {
      const known = knownTaskUrls([link(url)])
      expect(taskUrl(sample, known, byId), url).toBeUndefined()
      expect(taskUrl(task, known, byId), url).toBeUndefined()
    }
  })

  it('puts a hostile id in as written, never as a replacement pattern', () => {
    const task = buildTask("$`$'$&", { projectKey: 'WEB', key: 1 })
    const known = knownTaskUrls([link('https://board.example/t/sample-1')])
    expect(taskUrl(task, known, byId)).toBe("https://board.example/t/$`$'$&")
  })
})
