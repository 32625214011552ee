// The spec's match rules as the planner applies them to a loaded board (the agreement with the
// service itself is test/server/filter-agreement.property.test.ts).
import { describe, expect, it } from 'vitest'
import type { PropertyType, Task } from '../../src-shared/api'
import { compileFilters, filterBoard, taskMatches } from '../../src-shared/filters'
import { buildTask } from '../support/task-builder'

const types = new Map<string, PropertyType>([
  ['Points', 'Number'],
  ['Due', 'Date'],
  ['Blocked', 'Checkbox'],
  ['Live', 'Toggle'],
  ['Area', 'Select'],
  ['Platforms', 'Multi-Select'],
  ['Reviewer', 'Person'],
  ['Contact', 'Email'],
  ['Spec', 'URL'],
  ['Notes', 'Text'],
])

const a = buildTask('a1', {
  projectKey: 'APP',
  status: 'In Progress',
  assignedUserEmail: 'ada.lovelace@example.com',
  priority: 'high',
  tags: ['ui', 'bug'],
  startDate: '2026-03-02T09:00:00.000Z',
  dueDate: '2026-03-04T23:59:59.999Z',
  properties: {
    Points: 3,
    Due: '2026-04-01T00:00:00.000Z',
    Blocked: true,
    Area: 'Frontend',
    Platforms: ['iOS', 'Web'],
    Reviewer: 'grace.hopper@example.com',
    Contact: 'Sales@example.com',
    Spec: 'https://specs.example.com/1',
    Notes: 'low risk',
  },
})
const b = buildTask('b2', { projectKey: 'WEB', pinToTop: true, type: 'milestone' })
const names = (filters: Parameters<typeof compileFilters>[0]) =>
  [a, b].filter((t) => taskMatches(t, filters, types)).map((t) => t.id)

describe('the list filters on loaded tasks', () => {
  it('comma lists match any value; different filters all apply', () => {
    expect(names({ projectKey: ['WEB', 'APP'] })).toEqual(['a1', 'b2'])
    expect(names({ projectKey: ['WEB', 'APP'], status: ['In Progress'] })).toEqual(['a1'])
    expect(names({ tag: ['bug', 'infra'] })).toEqual(['a1'])
    expect(names({ pinToTop: true })).toEqual(['b2'])
    expect(names({ pinToTop: false, priority: 'high' })).toEqual(['a1'])
    expect(names({ type: 'milestone' })).toEqual(['b2'])
  })

  it('assignees match in any case; statuses and tags exactly', () => {
    expect(names({ assignedUserEmail: ['ADA.Lovelace@example.com'] })).toEqual(['a1'])
    expect(names({ status: ['in progress'] })).toEqual([])
    expect(names({ tag: ['UI'] })).toEqual([])
  })

  it('a date filter is a whole UTC day or an inclusive range of days; no date matches none', () => {
    expect(names({ dueDate: { from: '2026-03-04', to: '2026-03-04' } })).toEqual(['a1'])
    expect(names({ dueDate: { from: '2026-03-05', to: '2026-03-09' } })).toEqual([])
    expect(names({ startDate: { from: '2026-02-01', to: '2026-03-02' } })).toEqual(['a1'])
    // A date-time not yet in the service's form (an unconfirmed edit) is read the same way.
    const moved = { ...a, startDate: '2026-03-03T01:00:00+02:00' }
    expect(taskMatches(moved, { startDate: { from: '2026-03-02', to: '2026-03-02' } })).toBe(true)
  })

  it('custom properties follow the spec table', () => {
    expect(names({ properties: { Points: '3,5' } })).toEqual(['a1'])
    expect(names({ properties: { Points: '3.0' } })).toEqual(['a1'])
    expect(names({ properties: { Due: '2026-03-01,2026-04-01' } })).toEqual(['a1'])
    expect(names({ properties: { Blocked: 'true' } })).toEqual(['a1'])
    // An unset checkbox counts as unchecked, as the service reads it.
    expect(names({ properties: { Blocked: 'false' } })).toEqual(['b2'])
    expect(names({ properties: { Live: 'false' } })).toEqual(['a1', 'b2'])
    expect(names({ properties: { Area: 'Backend,Frontend' } })).toEqual(['a1'])
    expect(names({ properties: { Platforms: 'Android,Web' } })).toEqual(['a1'])
    expect(names({ properties: { Reviewer: 'Grace.Hopper@EXAMPLE.com' } })).toEqual(['a1'])
    expect(names({ properties: { Contact: 'sales@example.com' } })).toEqual([])
    expect(names({ properties: { Contact: 'Sales@example.com' } })).toEqual(['a1'])
    expect(names({ properties: { Spec: 'https://specs.example.com/1' } })).toEqual(['a1'])
    expect(names({ properties: { Notes: 'low' } })).toEqual([])
  })

  it('a value its property type cannot read is reported and not applied', () => {
    const compiled = compileFilters({ properties: { Points: 'three', Blocked: 'yes' } }, types)
    expect(Object.keys(compiled.problems).sort()).toEqual(['Blocked', 'Points'])
    expect(compiled.count).toBe(0)
    expect(compiled.test(b)).toBe(true)
  })
})

describe('filtering a board for display', () => {
  const tasks: Task[] = [
    buildTask('p1'),
    buildTask('c2', { parentId: 'p1' }),
    buildTask('g3', { parentId: 'c2', tags: ['x'] }),
    buildTask('o4', { tags: ['x'] }),
    buildTask('o5'),
  ]
  it('keeps the parents of a matching subtask, for context only', () => {
    const { shown, matchedIds, contextIds } = filterBoard(tasks, (t) => t.tags.includes('x'))
    expect(shown.map((t) => t.id)).toEqual(['p1', 'c2', 'g3', 'o4'])
    expect([...matchedIds].sort()).toEqual(['g3', 'o4'])
    expect([...contextIds].sort()).toEqual(['c2', 'p1'])
  })

  it("reads parents through the caller's table when given one, with the same result", () => {
    const byId = new Map(tasks.map((t) => [t.id, t]))
    const asked: string[] = []
    const lookup = (id: string) => {
      asked.push(id)
      return byId.get(id)
    }
    const { shown, contextIds } = filterBoard(tasks, (t) => t.tags.includes('x'), lookup)
    expect(shown.map((t) => t.id)).toEqual(['p1', 'c2', 'g3', 'o4'])
    expect([...contextIds].sort()).toEqual(['c2', 'p1'])
    // Only the parents of matches are looked up; a task with no parent asks for none.
    expect(asked).toEqual(['c2', 'p1'])
  })

  it('survives a parent cycle in bad data', () => {
    const loop = [buildTask('x1', { parentId: 'x2' }), buildTask('x2', { parentId: 'x1' })]
    expect(filterBoard(loop, (t) => t.id === 'x1').shown.map((t) => t.id)).toEqual(['x1', 'x2'])
    const byId = new Map(loop.map((t) => [t.id, t]))
    const lookup = (id: string) => byId.get(id)
    expect(filterBoard(loop, (t) => t.id === 'x1', lookup).shown.map((t) => t.id)).toEqual([
      'x1',
      'x2',
    ])
  })
})

describe('dates another board wrote in another ISO form', () => {
  it('a due date with no zone (read as UTC) or an offset with no colon is filtered by its day', () => {
    const zoneless = buildTask('z1', { dueDate: '2026-03-04T09:00:00' })
    const basic = buildTask('z2', { dueDate: '2026-03-05T01:00:00+0200' })
    const march4 = compileFilters({ dueDate: { from: '2026-03-04', to: '2026-03-04' } })
    // 01:00 at +02:00 on 5 March is 23:00 UTC on 4 March: its bar is on 4 March too.
    expect([zoneless, basic].map((t) => march4.test(t))).toEqual([true, true])
  })
})
