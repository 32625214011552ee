// Small builders so each geometry test states only the dates and fields that matter to it.
import fc from 'fast-check'
import type { LayoutTask } from '../../../src-renderer/timeline/geometry/row-layout'

const DAY_MS = 86_400_000

/** Canonical timestamp of a `YYYY-MM-DD` day (date-only value), optionally with a time. */
export function at(day: string, time = '00:00'): string {
  return `${day}T${time}:00.000Z`
}

/** Milliseconds of midnight UTC starting `day`, plus whole `days`. */
export function ms(day: string, days = 0): number {
  return Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS
}

let nextKey = 1

/** A task in project WEB, dated 2026-03-02..2026-03-04 unless told otherwise. */
export function task(id: string, fields: Partial<LayoutTask> = {}): LayoutTask {
  return {
    id,
    parentId: '',
    projectKey: 'WEB',
    key: nextKey++,
    startDate: at('2026-03-02'),
    dueDate: at('2026-03-04'),
    type: 'task',
    pinToTop: false,
    ...fields,
  }
}

/** A task with no dates: it belongs in the Unscheduled tray. */
export function dateless(id: string, fields: Partial<LayoutTask> = {}): LayoutTask {
  return task(id, { startDate: '', dueDate: '', ...fields })
}

/** A day of March 2026, 1-28, as a timestamp. */
export function marchDay(day: number): string {
  return at(`2026-03-${String(day).padStart(2, '0')}`)
}

/**
 * Random boards for property tests: subtasks (and circles of parents), pinned tasks, undated
 * tasks, three projects; task i is `t${i}` with key i + 1.
 */
export function randomBoards(size: { minLength?: number; maxLength: number }) {
  return fc
    .array(
      fc.record({
        parent: fc.nat(size.maxLength),
        project: fc.constantFrom('API', 'WEB', 'OPS'),
        start: fc.option(fc.integer({ min: 1, max: 28 }), { nil: undefined }),
        length: fc.integer({ min: 0, max: 5 }),
        pinned: fc.boolean(),
      }),
      size,
    )
    .map((specs) =>
      specs.map((spec, i) => {
        const fields = {
          parentId: spec.parent < specs.length ? `t${spec.parent}` : '',
          projectKey: spec.project,
          key: i + 1,
          pinToTop: spec.pinned,
        }
        if (spec.start === undefined) return dateless(`t${i}`, fields)
        return task(`t${i}`, {
          ...fields,
          startDate: marchDay(spec.start),
          dueDate: marchDay(Math.min(28, spec.start + spec.length)),
        })
      }),
    )
}
