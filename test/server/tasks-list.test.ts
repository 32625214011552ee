import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { createTasks, listTasks, newTask, taskByTitle, titles } from '../support/tasks'

let service: TestService
let milestoneId = ''

beforeAll(async () => {
  service = await startTestService()
  await createTasks(service, newTask({ title: 'M1', type: 'milestone', dueDate: '2026-05-01' }))
  milestoneId = (await taskByTitle(service, 'M1')).id
  await createTasks(
    service,
    newTask({
      title: 'A',
      status: 'To Do',
      assignedUserEmail: 'ada.lovelace@example.com',
      priority: 'high',
      tags: ['ui', 'bug'],
      startDate: '2026-03-01',
      dueDate: '2026-03-03T23:59:00Z',
      milestoneId,
      properties: {
        'Story Points': 3,
        Area: 'Design',
        Platforms: ['Web', 'iOS'],
        Reviewer: 'max.member@example.com',
        Blocked: true,
        'Release Date': '2026-04-10',
        Notes: 'x y',
        Contact: 'a@b.io',
        Spec: 'https://s.example.com/1',
        'Customer Facing': false,
      },
    }),
    newTask({
      title: 'B',
      projectKey: 'APP',
      status: 'In Progress',
      assignedUserEmail: 'grace.hopper@example.com',
      priority: 'low',
      tags: ['backend'],
      dueDate: '2026-03-04',
      pinToTop: true,
      properties: { 'Story Points': 8, Area: 'Backend', Platforms: ['Android'] },
    }),
    newTask({
      title: 'C',
      projectKey: 'OPS',
      status: 'Done',
      startDate: '2026-02-27T12:00:00Z',
      properties: { 'Story Points': 3.5 },
    }),
    newTask({ title: 'D', status: 'To Do' }),
  )
})
afterAll(() => service.close())

const list = async (query: string) => titles(await listTasks(service, query))
/** List order: due date (C and D have none, so come first by creation), then creation. */
const LIST_ORDER = ['C', 'D', 'A', 'B', 'M1']
const inListOrder = (names: string[]) =>
  [...names].sort((a, b) => LIST_ORDER.indexOf(a) - LIST_ORDER.indexOf(b))

describe('GET /api/v1/tasks filters', () => {
  it('lists every task by due date (none first), then creation, milestones included', async () => {
    expect(await list('')).toEqual(['C', 'D', 'A', 'B', 'M1'])
  })

  it.each([
    ['projectKey=APP,OPS', ['B', 'C']],
    ['status=To%20Do', ['A', 'D']],
    ['status=In%20Progress,Done', ['B', 'C']],
    ['assignedUserEmail=ADA.lovelace@example.com,grace.hopper@example.com', ['A', 'B']],
    ['priority=high', ['A']],
    ['pinToTop=true', ['B']],
    ['pinToTop=false', ['M1', 'A', 'C', 'D']],
    ['tag=bug,backend', ['A', 'B']],
    ['type=milestone', ['M1']],
    ['type=task', ['A', 'B', 'C', 'D']],
    [`milestoneId=MILESTONE`, ['A']],
    ['dueDate=2026-03-03', ['A']],
    ['dueDate=2026-03-03,2026-03-04', ['A', 'B']],
    ['startDate=2026-02-27,2026-03-01', ['A', 'C']],
    ['startDate=2026-02-28', []],
    ['projectKey=WEB&status=To%20Do&dueDate=2026-03-01,2026-03-31', ['A']],
    ['projectKey=WEB&priority=low', []],
  ])('%s', async (query, expected) => {
    expect(await list(query.replace('MILESTONE', milestoneId))).toEqual(inListOrder(expected))
  })

  it.each([
    ['prop_Story%20Points=3', ['A']],
    ['prop_Story%20Points=3.5,8', ['B', 'C']],
    ['prop_Area=Design,Backend', ['A', 'B']],
    ['prop_Platforms=iOS,Android', ['A', 'B']],
    ['prop_Reviewer=MAX.member@example.com', ['A']],
    ['prop_Blocked=true', ['A']],
    ['prop_Blocked=false', ['M1', 'B', 'C', 'D']],
    ['prop_Customer%20Facing=false', ['M1', 'A', 'B', 'C', 'D']],
    ['prop_Release%20Date=2026-04-01,2026-04-30', ['A']],
    ['prop_Notes=x%20y', ['A']],
    ['prop_Contact=a@b.io', ['A']],
    ['prop_Spec=https://s.example.com/1', ['A']],
  ])('custom property %s', async (query, expected) => {
    expect(await list(query)).toEqual(inListOrder(expected))
  })

  it('returns at most 100 tasks: without due dates, the first 100 created', async () => {
    const big = await startTestService()
    try {
      await createTasks(big, ...Array.from({ length: 130 }, (_, i) => newTask({ title: `t${i}` })))
      const tasks = await listTasks(big)
      expect(tasks).toHaveLength(100)
      expect(tasks[0]!.title).toBe('t0')
      expect(tasks[99]!.title).toBe('t99')
    } finally {
      await big.close()
    }
  })

  it.each([
    ['bogus=1', 'Query parameter "bogus" is not a filter of this endpoint.'],
    [
      'status=Done&status=To%20Do',
      'Query parameter "status" is given more than once; use one comma-separated list.',
    ],
    [
      'dueDate=2026-03-05,2026-03-01',
      'Query parameter "dueDate" has a range that starts (2026-03-05) after it ends (2026-03-01).',
    ],
    ['priority=urgent', 'Query parameter "priority" has "urgent"; it must be low, medium or high.'],
    // The spec makes only projectKey, status, assignedUserEmail and tag comma lists.
    [
      'priority=medium,low',
      'Query parameter "priority" takes one value (low, medium or high), not a comma-separated list.',
    ],
    ['pinToTop=true,false', 'Query parameter "pinToTop" must be true or false.'],
    ['type=task,milestone', 'Query parameter "type" must be task or milestone.'],
    [
      'milestoneId=a,b',
      'Query parameter "milestoneId" takes one milestone ID, not a comma-separated list.',
    ],
    [
      'descriptionType=text,html',
      'Query parameter "descriptionType" must be text, markdown or html.',
    ],
    ['prop_Colour=red', 'this board has no custom property "Colour"'],
    [
      'prop_Story%20Points=three',
      'Query parameter "prop_Story Points" must be JSON numbers (like 3, -0.5 or 1e3), comma-separated; "three" is not one.',
    ],
  ])('refuses %s with a message naming the parameter', async (query, message) => {
    const response = await service.call('GET', `/api/v1/tasks?${query}`)
    expect(response.status).toBe(400)
    expect(response.body.error).toBe(true)
    expect(response.body.message).toContain(message)
  })
})
