// Small builders so each geometry test states only the dates and fields that matter to it.
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
