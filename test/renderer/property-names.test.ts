// Custom property names are the board's: one may be named as a built-in of every JS object
// ("toString", "constructor", "valueOf"). Read as `task.properties[name]`, a task without the
// property gave that built-in function: the Filters panel crashed the window, the New task
// dialog refused every create ("a Text property takes a string"), the details panel showed
// "function Object() { [native code] }", an undo wrote a function into the board's data, a CSV
// export wrote native code. Every read now takes the task's own properties only.
import { describe, expect, it } from 'vitest'
import type { PropertyType } from '../../src-shared/api'
import type { PropertyShape } from '../../src-shared/board/vocabulary'
import { csvRows } from '../../src-shared/exchange/csv-export'
import { compileFilters } from '../../src-shared/filters'
import { runCommand } from '../../src-renderer/state/commands/run-command'
import { draftFromTask, EMPTY_DRAFT } from '../../src-renderer/task-form/draft'
import { changesFrom, createItemFrom } from '../../src-renderer/task-form/to-request'
import { validateDraft } from '../../src-renderer/task-form/validate'
import { buildTask } from '../support/task-builder'

const NAMES = ['toString', 'constructor', 'valueOf'] as const
const shapes: PropertyShape[] = [
  { name: 'toString', type: 'Text', options: ['x'] },
  { name: 'constructor', type: 'Email', options: [] },
  { name: 'valueOf', type: 'Number', options: [] },
]
const types = new Map<string, PropertyType>(shapes.map((s) => [s.name, s.type]))
const has = buildTask('has', {
  properties: { toString: 'x', constructor: 'a@example.com', valueOf: 2 },
})
const lacks = buildTask('lacks', { properties: {} })

describe('property names that every JS object has', () => {
  it('filter: a task without the property does not match, and nothing throws', () => {
    const text = compileFilters({ properties: { toString: 'x' } }, types)
    expect([has, lacks].map((t) => text.test(t))).toEqual([true, false])
    const number = compileFilters({ properties: { valueOf: '2' } }, types)
    expect([has, lacks].map((t) => number.test(t))).toEqual([true, false])
  })

  it('the task form: a new task with these fields left blank is valid and sends none of them', () => {
    const draft = { ...EMPTY_DRAFT, title: 'New', projectKey: 'WEB' }
    const errors = validateDraft(draft, { mode: 'create', tasksById: {}, properties: shapes })
    expect(Object.keys(errors).filter((k) => k.startsWith('property:'))).toEqual([])
    expect(createItemFrom(draft, shapes).properties ?? {}).toEqual({})
  })

  it('the details panel shows them blank on a task without them, and saving sends nothing', () => {
    const draft = draftFromTask(lacks, shapes)
    for (const name of NAMES)
      expect(String(draft.properties[name] ?? '')).not.toMatch(/native code/)
    expect(changesFrom(lacks, draft, shapes)).toEqual({})
  })

  it('undo of setting one on a task without it removes it again, with null, not a function', () => {
    const board = { tasksById: { lacks } }
    const { inverse } = runCommand(board, {
      kind: 'updateFields',
      updates: [{ id: 'lacks', properties: { toString: 'set' } }],
    })
    expect(JSON.stringify(inverse)).toContain('"toString":null')
  })

  it('a CSV export leaves the cell empty for a task without it', () => {
    const [header, ...rows] = csvRows([has, lacks], [])
    const column = header!.findIndex((name) => name.endsWith('constructor'))
    expect(column).toBeGreaterThan(-1)
    expect(rows.map((row) => row[column])).toEqual(['a@example.com', ''])
  })
})
