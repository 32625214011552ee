// The Milestones view sorts by every column, the milestone itself included (by its name as
// shown, keys in number order): the first column alone could not be sorted.
import { describe, expect, it } from 'vitest'
import { sortRows } from '../../../src-renderer/schedule/milestone-sort'
import type { MilestoneRow } from '../../../src-shared/schedule'

const row = (id: string): MilestoneRow => ({ id }) as MilestoneRow
const names: Record<string, string> = { a: 'APP-10 Launch', b: 'APP-9 Beta', c: 'app-2 Alpha' }

describe('sorting the milestones by name', () => {
  it('orders by the name shown, keys by number, either way', () => {
    const rows = [row('a'), row('b'), row('c')]
    const nameOf = (id: string) => names[id]!
    expect(sortRows(rows, 'name', 'asc', nameOf).map((r) => r.id)).toEqual(['c', 'b', 'a'])
    expect(sortRows(rows, 'name', 'desc', nameOf).map((r) => r.id)).toEqual(['a', 'b', 'c'])
  })
})
