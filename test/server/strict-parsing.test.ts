// Numbers in queries mean what the spec's types mean (issue 10, item 6): a task key is a decimal
// whole number, a Number filter a JSON number; hex, binary, octal, exponents in keys, signs and
// spaces are refused with a 400 instead of matching something else. And values that hold a
// comma: stored unchanged, but no comma-list filter can name them (the spec has no escape).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ListDependenciesQuery, parseListQuery } from '../../src-shared/api'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { createTasks, listTasks, newTask, taskByTitle, titles } from '../support/tasks'

let service: TestService
beforeAll(async () => {
  service = await startTestService()
  // WEB-1 .. WEB-16, so that 0x10 and 0b11 and 1e1 would each name a task if read leniently.
  await createTasks(
    service,
    ...Array.from({ length: 16 }, (_, i) =>
      newTask({ title: `T${i + 1}`, properties: { 'Story Points': i + 1 } }),
    ),
  )
  await createTasks(
    service,
    newTask({ title: 'Big', properties: { 'Story Points': 1000 } }),
    newTask({ title: 'Half', properties: { 'Story Points': -0.5 } }),
  )
  const t3 = await taskByTitle(service, 'T3')
  const t16 = await taskByTitle(service, 'T16')
  const response = await service.call('POST', '/api/v1/dependencies', {
    predecessorId: t3.id,
    successorId: t16.id,
  })
  if (response.status !== 200) throw new Error(JSON.stringify(response.body))
})
afterAll(() => service.close())

const list = async (query: string) => titles(await listTasks(service, query))

describe('task keys in the dependency list query', () => {
  it('finds a task by a decimal key', async () => {
    const { status, body } = await service.call(
      'GET',
      '/api/v1/dependencies?taskProjectKey=WEB&taskKey=16',
    )
    expect(status).toBe(200)
    expect(body.dependencies).toHaveLength(1)
  })

  it.each([
    '0x10',
    '0b11',
    '0o3',
    '1e1',
    '16.0',
    '+16',
    '-3',
    '016',
    ' 16',
    '16 ',
    '0',
    '1_6',
    'Infinity',
  ])('refuses taskKey=%s with 400 instead of reading it as a number', async (key) => {
    const { status, body } = await service.call(
      'GET',
      `/api/v1/dependencies?taskProjectKey=WEB&taskKey=${encodeURIComponent(key)}`,
    )
    expect(status).toBe(400)
    expect(body).toEqual({
      error: true,
      message: expect.stringMatching(/taskKey.*decimal/),
      issues: [{ path: 'taskKey', message: expect.stringMatching(/decimal/) }],
    })
  })

  it('keeps the planner client working: the shared schema takes a number and a decimal string alike', () => {
    expect(ListDependenciesQuery.parse({ taskProjectKey: 'WEB', taskKey: 16 })).toEqual({
      taskProjectKey: 'WEB',
      taskKey: 16,
    })
    expect(ListDependenciesQuery.parse({ taskProjectKey: 'WEB', taskKey: '16' }).taskKey).toBe(16)
    expect(
      ListDependenciesQuery.safeParse({ taskProjectKey: 'WEB', taskKey: '0x10' }).success,
    ).toBe(false)
    expect(ListDependenciesQuery.safeParse({ taskProjectKey: 'WEB', taskKey: 1.5 }).success).toBe(
      false,
    )
  })
})

describe('Number property filters', () => {
  it.each([
    ['16', ['T16']],
    ['3,16', ['T3', 'T16']],
    ['1000', ['Big']],
    ['1e3', ['Big']],
    ['1E+3', ['Big']],
    ['-0.5', ['Half']],
    ['-5e-1', ['Half']],
    ['3.0', ['T3']],
  ])('prop_Story Points=%s is a JSON number and matches %j', async (value, expected) => {
    const found = await list(`prop_Story%20Points=${encodeURIComponent(value)}`)
    expect(found.sort()).toEqual([...expected].sort())
  })

  it.each([
    '0x10',
    '0b11',
    '0o3',
    '+3',
    '.5',
    '5.',
    '03',
    ' 3',
    '3 ',
    '1_0',
    'Infinity',
    'NaN',
    '3,0x10',
    '--1',
  ])('refuses prop_Story Points=%s with 400', async (value) => {
    const { status, body } = await service.call(
      'GET',
      `/api/v1/tasks?prop_Story%20Points=${encodeURIComponent(value)}`,
    )
    expect(status).toBe(400)
    expect(body).toEqual({
      error: true,
      message: expect.stringMatching(/"prop_Story Points" .*JSON number/),
    })
  })
})

describe('values that hold a comma', () => {
  beforeAll(async () => {
    await createTasks(
      service,
      newTask({
        title: 'Comma',
        projectKey: 'OPS',
        properties: { Notes: 'red,green', Spec: 'https://spec.example.com/a,b' },
      }),
      newTask({ title: 'Red', projectKey: 'OPS', properties: { Notes: 'red' } }),
      newTask({ title: 'Green', projectKey: 'OPS', properties: { Notes: 'green' } }),
    )
  })

  it('are stored and returned unchanged', async () => {
    const comma = await taskByTitle(service, 'Comma')
    expect(comma.properties).toMatchObject({
      Notes: 'red,green',
      Spec: 'https://spec.example.com/a,b',
    })
  })

  it('cannot be named by a comma-list filter: every comma separates, encoded or not', async () => {
    expect((await list('prop_Notes=red,green')).sort()).toEqual(['Green', 'Red'])
    expect((await list('prop_Notes=red%2Cgreen')).sort()).toEqual(['Green', 'Red'])
    expect(await list('prop_Spec=https://spec.example.com/a,b')).toEqual([])
    expect(await list('prop_Spec=https%3A%2F%2Fspec.example.com%2Fa%2Cb')).toEqual([])
  })

  it('the shared query parser reads a comma inside a single-value parameter as a refusal, not a value', () => {
    expect(parseListQuery(new URLSearchParams('milestoneId=a,b'))).toEqual({
      ok: false,
      message: 'Query parameter "milestoneId" takes one milestone ID, not a comma-separated list.',
    })
  })
})
