// Status at a glance: the classes a bar gets for its status category (done = endedAt set,
// started = startedAt set, docs/scheduling.md) and for being overdue, through the model the
// timeline draws from.
import { describe, expect, it } from 'vitest'
import { statusCategory, statusClasses } from '../../../src-renderer/timeline/view/bar-status'
import { buildModel, windowInput } from '../../../src-renderer/timeline/view/timeline-model'
import type { Task } from '../../../src-shared/api'
import { buildTask } from '../../support/task-builder'

const NOW = Date.parse('2026-03-10T12:00:00.000Z')

function task(id: string, fields: Partial<Task> = {}): Task {
  return buildTask(id, {
    startDate: '2026-03-02T00:00:00.000Z',
    dueDate: '2026-03-04T00:00:00.000Z',
    startedAt: '',
    endedAt: '',
    ...fields,
  })
}

function classesOf(tasks: Task[]): Map<string, string[]> {
  const model = buildModel(tasks, [], 'week', NOW)
  const { bars } = windowInput(model, [], 0, model.layout.rows.length - 1, new Set())
  return new Map(bars.map((bar) => [bar.id, (bar.className ?? '').split(' ')]))
}

describe('status at a glance', () => {
  it('reads done from endedAt and started from startedAt, whatever the status name', () => {
    expect(statusCategory({ startedAt: '', endedAt: '' })).toBe('open')
    expect(statusCategory({ startedAt: '2026-03-02T09:00:00.000Z', endedAt: '' })).toBe('started')
    expect(
      statusCategory({
        startedAt: '2026-03-02T09:00:00.000Z',
        endedAt: '2026-03-03T09:00:00.000Z',
      }),
    ).toBe('done')
  })

  it('marks a task overdue from the midnight after its due day, never when it is done', () => {
    const due = { startedAt: '', endedAt: '', dueDate: '2026-03-04T00:00:00.000Z' }
    const end = Date.parse('2026-03-05T00:00:00.000Z')
    expect(statusClasses(due, end, end - 1)).toEqual([])
    expect(statusClasses(due, end, end)).toEqual(['overdue'])
    expect(statusClasses({ ...due, endedAt: '2026-03-06T00:00:00.000Z' }, end, end + 1)).toEqual([
      'status-done',
    ])
    expect(statusClasses({ ...due, dueDate: '' }, end, end + 1)).toEqual([])
  })

  it('puts the classes on the bars beside the priority', () => {
    const classes = classesOf([
      task('open-late', { priority: 'high' }),
      task('started-late', { startedAt: '2026-03-02T09:00:00.000Z' }),
      task('done', { startedAt: '2026-03-02T09:00:00.000Z', endedAt: '2026-03-04T17:00:00.000Z' }),
      task('future', {
        startDate: '2026-03-20T00:00:00.000Z',
        dueDate: '2026-03-25T00:00:00.000Z',
      }),
    ])
    expect(classes.get('open-late')).toEqual(expect.arrayContaining(['priority-high', 'overdue']))
    expect(classes.get('open-late')).not.toContain('status-started')
    expect(classes.get('started-late')).toEqual(
      expect.arrayContaining(['status-started', 'overdue']),
    )
    expect(classes.get('done')).toContain('status-done')
    expect(classes.get('done')).not.toContain('overdue')
    expect(classes.get('future')).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(status-|overdue)/)]),
    )
  })
})
