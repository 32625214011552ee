// The board's vocabulary as the planner infers it from the tasks it loaded: on the demo board
// (whose property definitions we know) every property gets a type whose inputs and filters
// behave as the definition's would, and every status, tag, person and milestone shown is offered.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmbeddedBoard } from '../../src-server'
import { ApiClient } from '../../src-main/api'
import { syncBoard } from '../../src-main/sync'
import type { Task } from '../../src-shared/api'
import { boardVocabulary, inferProperty } from '../../src-shared/board/vocabulary'
import { buildTask } from '../support/task-builder'

const DEMO_TYPES: Record<string, string> = {
  'Story Points': 'Number',
  Area: 'Select',
  Platforms: 'Multi-Select',
  Reviewer: 'Person',
  Spec: 'URL',
  // A Checkbox and a Toggle both hold booleans and take the same input and filter.
  Blocked: 'Checkbox',
  'Customer Facing': 'Checkbox',
  'Release Date': 'Date',
  Contact: 'Email',
}
/** Text and Select values look alike; both get a field that offers the values seen and takes others. */
const TEXT_OR_SELECT = ['Area', 'Notes']

describe('the vocabulary of the demo board', () => {
  let tasks: Task[] = []
  let dir = ''
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tb-vocabulary-'))
    const board = await startEmbeddedBoard({ dataDir: dir, now: new Date('2026-11-23T12:00:00Z') })
    try {
      const client = new ApiClient({ baseUrl: board.url, apiKey: board.apiKey })
      tasks = (await syncBoard(client, { known: { ...board.definitions, complete: true } })).tasks
    } finally {
      await board.close()
    }
  }, 60_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('infers each custom property type from the values the board shows', () => {
    const inferred = Object.fromEntries(
      boardVocabulary(tasks).properties.map((p) => [p.name, p.type]),
    )
    for (const name of TEXT_OR_SELECT) {
      expect(['Text', 'Select']).toContain(inferred[name])
      delete inferred[name]
    }
    const { Area: _area, ...rest } = DEMO_TYPES
    expect(inferred).toEqual(rest)
  })

  it('offers every status, tag, project and milestone the tasks show', () => {
    const vocabulary = boardVocabulary(tasks)
    expect(vocabulary.statuses).toEqual([...new Set(tasks.map((t) => t.status))].sort())
    expect(vocabulary.tags).toEqual([...new Set(tasks.flatMap((t) => t.tags))].sort())
    expect(vocabulary.projectKeys).toEqual([...new Set(tasks.map((t) => t.projectKey))].sort())
    expect(vocabulary.milestones.map((m) => m.id).sort()).toEqual(
      tasks
        .filter((t) => t.type === 'milestone')
        .map((t) => t.id)
        .sort(),
    )
    const area = vocabulary.properties.find((p) => p.name === 'Area')
    expect(area?.options.every((o) => ['Frontend', 'Backend', 'Design', 'Infra'].includes(o))).toBe(
      true,
    )
  })
})

describe('inferring a property type', () => {
  const people = new Set(['ann@example.com'])
  it('falls back to Text when values of several shapes were seen', () => {
    expect(inferProperty('X', ['a', 3], people).type).toBe('Text')
  })
  it('tells a member (Person) from any other e-mail (Email), in any case', () => {
    expect(inferProperty('X', ['Ann@example.com'], people).type).toBe('Person')
    expect(inferProperty('X', ['ann@example.com', 'bob@example.com'], people).type).toBe('Email')
  })
  it('takes few values used again and again as a Select, and many as Text', () => {
    expect(inferProperty('X', ['a', 'b', 'a', 'b'], people)).toEqual({
      name: 'X',
      type: 'Select',
      options: ['a', 'b'],
    })
    expect(inferProperty('X', ['a', 'b', 'c'], people).type).toBe('Text')
  })
  it('reads dates in every form another board may send (no zone, an offset) as a Date', () => {
    // One zoneless value made the whole property Text, and its range filter matched nothing.
    const values = [
      '2026-03-01T10:00:00Z',
      '2026-03-03',
      '2026-03-04T09:00:00',
      '2026-03-05T08:00:00-0500',
    ]
    expect(inferProperty('Release', values, people).type).toBe('Date')
  })

  it('knows a member who only started or finished a task: their e-mail is a Person', () => {
    // Taken as Email, a filter in another case than stored matched nothing; the board's Person
    // filter ignores case.
    const vocabulary = boardVocabulary([
      buildTask('1', {
        startedBy: 'linus.t@example.com',
        endedBy: 'grace@example.com',
        properties: { Reviewer: 'Linus.T@example.com' },
      }),
      buildTask('2', { properties: { Reviewer: 'grace@example.com' } }),
    ])
    expect(vocabulary.properties.find((p) => p.name === 'Reviewer')?.type).toBe('Person')
  })

  it('lists people from assignees, creators and updaters, lower case', () => {
    const vocabulary = boardVocabulary([
      buildTask('1', { assignedUserEmail: 'Zed@Example.com', createdBy: 'ann@example.com' }),
    ])
    expect(vocabulary.assignees).toEqual([
      'ann@example.com',
      'olivia.owner@example.com',
      'zed@example.com',
    ])
  })
})
