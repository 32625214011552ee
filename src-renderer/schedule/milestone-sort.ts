// The Milestones view's columns and their order: every column sorts, the milestone itself
// included (by its name as shown). Pure, so it is tested without a DOM.
import type { MilestoneRow, MilestoneSortKey } from '../../src-shared/schedule'
import { sortMilestoneRows } from '../../src-shared/schedule'

export type SortKey = MilestoneSortKey | 'baseline' | 'name'
export type Direction = 'asc' | 'desc'

export const COLUMNS: readonly { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Milestone' },
  { key: 'dueDay', label: 'Due' },
  { key: 'linked', label: 'Linked tasks' },
  { key: 'done', label: 'Done' },
  { key: 'forecastDay', label: 'Forecast' },
  { key: 'slipDays', label: 'Slip' },
  { key: 'atRisk', label: 'At risk' },
  { key: 'baseline', label: 'Slip since baseline' },
]

/** "+3 days", "−2 days", "0 days"; '—' without a number. */
export function slipText(days: number | undefined): string {
  if (days === undefined) return '—'
  const n = Math.abs(days)
  const sign = days > 0 ? '+' : days < 0 ? '−' : ''
  return `${sign}${n} ${n === 1 ? 'day' : 'days'}`
}

/**
 * Rows by a column; rows without a value go last either way (as the core's sort does). By name:
 * as shown ("APP-3 Launch"), numbers in keys in their order (APP-9 before APP-10).
 */
export function sortRows(
  rows: MilestoneRow[],
  key: SortKey,
  direction: Direction,
  nameOf: (id: string) => string = (id) => id,
): MilestoneRow[] {
  const sign = direction === 'asc' ? 1 : -1
  if (key === 'name') {
    const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })
    return rows
      .map((row, at) => ({ row, at, name: nameOf(row.id) }))
      .sort((a, b) => collator.compare(a.name, b.name) * sign || a.at - b.at)
      .map((x) => x.row)
  }
  if (key !== 'baseline') return sortMilestoneRows(rows, key, direction)
  return rows
    .map((row, at) => ({ row, at, v: row.baselineSlipDays }))
    .sort((a, b) => {
      if (a.v === undefined || b.v === undefined)
        return a.v === b.v ? a.at - b.at : a.v === undefined ? 1 : -1
      return (a.v - b.v) * sign || a.at - b.at
    })
    .map((x) => x.row)
}
