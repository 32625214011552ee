import { describe, expect, it } from 'vitest'
import {
  CodeErrorBody,
  CreateDependencyBody,
  CreateTasksBody,
  describeIssues,
  FlagErrorBody,
  ListTasksResponse,
  toCanonicalTimestamp,
  toFieldIssues,
  UpdateTasksBody,
} from '../../src-shared/api'
import { UpdateTasksRequest } from '../../src-shared/ipc'
import { buildTask } from '../support/task-builder'

const task = buildTask('a')

describe('response schemas', () => {
  it('tolerate fields a server adds, and keep them', () => {
    const parsed = ListTasksResponse.parse({
      success: true,
      tasks: [{ ...task, colour: 'red' }],
      requestId: 'x',
    })
    expect(parsed.tasks[0]).toMatchObject({ colour: 'red' })
  })

  it('default type and milestoneId for servers that predate them', () => {
    const { type: _t, milestoneId: _m, ...older } = task
    expect(ListTasksResponse.parse({ success: true, tasks: [older] }).tasks[0]).toMatchObject({
      type: 'task',
      milestoneId: '',
    })
  })

  it('reject a task whose field has the wrong type', () => {
    expect(
      ListTasksResponse.safeParse({ success: true, tasks: [{ ...task, key: 'one' }] }).success,
    ).toBe(false)
  })

  it('read both error shapes', () => {
    expect(FlagErrorBody.safeParse({ error: true, message: 'm' }).success).toBe(true)
    expect(CodeErrorBody.safeParse({ error: 'CYCLE_DETECTED', message: 'm' }).success).toBe(true)
    expect(FlagErrorBody.safeParse({ error: 'CYCLE_DETECTED', message: 'm' }).success).toBe(false)
  })
})

describe('request schemas', () => {
  const item = { title: 'T', projectKey: 'WEB', descriptionType: 'text', descriptionContent: '' }

  it('are strict: an unknown field is named', () => {
    const result = CreateTasksBody.safeParse({ tasks: [{ ...item, colour: 'red' }] })
    expect(result.success).toBe(false)
    expect(describeIssues(toFieldIssues(result.error!))).toBe(
      'Invalid request: unknown field tasks[0].colour.',
    )
  })

  it('validate subtasks recursively', () => {
    const result = CreateTasksBody.safeParse({
      tasks: [{ ...item, subtasks: [{ ...item, subtasks: [{ ...item, title: ' ' }] }] }],
    })
    expect(describeIssues(toFieldIssues(result.error!))).toBe(
      'Invalid request: tasks[0].subtasks[0].subtasks[0].title: must not be blank.',
    )
  })

  it('require an update to name its task one way only', () => {
    expect(UpdateTasksBody.safeParse({ tasks: [{ title: 'x' }] }).success).toBe(false)
    expect(
      UpdateTasksBody.safeParse({ tasks: [{ id: 'a', projectKey: 'WEB', key: 1 }] }).success,
    ).toBe(false)
    expect(UpdateTasksBody.safeParse({ tasks: [{ projectKey: 'WEB' }] }).success).toBe(false)
    expect(
      UpdateTasksBody.safeParse({ tasks: [{ projectKey: 'WEB', key: 1, startDate: '' }] }).success,
    ).toBe(true)
  })

  it('require a dependency to name both tasks, with a whole, non-negative lag', () => {
    expect(
      CreateDependencyBody.safeParse({ predecessorId: 'a', successorId: 'b', lagDays: 2 }).success,
    ).toBe(true)
    expect(CreateDependencyBody.safeParse({ predecessorId: 'a' }).success).toBe(false)
    expect(
      CreateDependencyBody.safeParse({ predecessorId: 'a', successorId: 'b', lagDays: -1 }).success,
    ).toBe(false)
    expect(
      CreateDependencyBody.safeParse({ predecessorId: 'a', successorProjectKey: 'WEB' }).success,
    ).toBe(false)
  })
})

describe('dates', () => {
  it.each([
    ['2026-03-01', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01T10:00:00Z', '2026-03-01T10:00:00.000Z'],
    ['2026-03-01T01:30:00+02:00', '2026-02-28T23:30:00.000Z'],
    ['2026-03-01T10:00Z', '2026-03-01T10:00:00.000Z'],
    ['2026-02-29', undefined],
    ['2026-03-01T10:00:00', undefined],
    ['2026-03-01T25:00:00Z', undefined],
    ['01/03/2026', undefined],
  ])('%s is stored as %s', (input, expected) => {
    expect(toCanonicalTimestamp(input)).toBe(expected)
  })
})

describe('the versions of tasks the renderer saw', () => {
  // Task IDs are any string. A record schema dropped "__proto__", and the edit of that task went
  // unchecked for changes made elsewhere.
  const seen = JSON.parse(
    '{"__proto__":"2026-03-01T10:00:00.000Z","t1":"2026-03-02T10:00:00.000Z"}',
  )

  it('keep every task ID, and find none that was not sent', () => {
    const parsed = UpdateTasksRequest.parse({ tasks: [{ id: '__proto__', title: 'x' }], seen })
    expect(Object.entries(parsed.seen)).toEqual([
      ['__proto__', '2026-03-01T10:00:00.000Z'],
      ['t1', '2026-03-02T10:00:00.000Z'],
    ])
    expect(parsed.seen['constructor']).toBeUndefined()
    expect(Object.keys(UpdateTasksRequest.parse({ tasks: [{ id: 't1' }] }).seen)).toEqual([])
  })

  it('refuse a version that is not a string, or a list', () => {
    expect(UpdateTasksRequest.safeParse({ tasks: [{ id: 't1' }], seen: { t1: 5 } }).success).toBe(
      false,
    )
    expect(UpdateTasksRequest.safeParse({ tasks: [{ id: 't1' }], seen: ['t1'] }).success).toBe(
      false,
    )
  })
})
