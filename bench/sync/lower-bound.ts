// A lower bound on the list requests of any sync that loads every reachable task of a board
// (reachable as test/main/sync/reference.ts defines it), even one that knew every count before
// asking. Two kinds of page are needed, and no page is of both kinds:
//
// - Filters every task has (type, pin, project, status, due date) only. Picture one more task
//   with no optional field, created last, due on some day d in cell c (a cell: one type, pin,
//   project and status): it is reachable, and only such a query can return it, after every
//   task of c due on d. A sync whose pages do not show one of these groups whole would run the
//   same on the board with that task, and miss it. So these pages hold every dated task, every
//   undated task of a cell with fewer than 100 of them, and, in a cell with more ("big"), its
//   first undated tasks up to the last one with no optional field (reachable only so).
// - One optional filter (assignee, priority, tag or start date): picture one more undated task
//   in a big cell c whose only optional field is value v of filter f, created last. Only a query
//   with that filter holding v (beside c's own) can return it, and only if it has fewer than 100
//   undated matches. So for every big cell and every value some query of that filter must come
//   back short; a set cover, solved exactly below (start dates: their count over 99).
import type { Row } from '../../test/main/sync/reference'

export interface LowerBound {
  bigCells: { cell: string; undated: number }[]
  /** Tasks pages of the first kind must show: dated, small cells' undated, big cells' prefixes. */
  needed: number
  /** Pages of the first kind: `needed` / 100. */
  exhaustive: number
  /** Queries of the second kind, per filter. */
  cover: { assignee: number; priority: number; tag: number; start: number }
  total: number
}

const PAGE = 100

export function lowerBound(rows: readonly Row[]): LowerBound {
  const cells = new Map<string, Row[]>()
  for (const row of rows) {
    const cell = `${row.type} ${row.pin ? 'pinned' : 'unpinned'} ${row.project} ${row.status}`
    cells.set(cell, [...(cells.get(cell) ?? []), row])
  }
  const undatedOf = (cell: Row[]) => cell.filter((r) => r.due === '').sort((a, b) => a.seq - b.seq)
  const big = [...cells].filter(([, cell]) => undatedOf(cell).length >= PAGE)
  const bigUndated = big.map(([, cell]) => undatedOf(cell))
  const bare = (r: Row) => !r.assignee && !r.priority && r.tags.length === 0 && !r.start
  const prefixes = bigUndated.map((list) =>
    list.slice(0, PAGE).reduce((last, r, i) => (bare(r) ? i + 1 : last), 0),
  )
  const dated = rows.filter((r) => r.due !== '').length
  const bigCount = bigUndated.reduce((sum, list) => sum + list.length, 0)
  const smallUndated = rows.length - dated - bigCount
  const needed = dated + smallUndated + prefixes.reduce((a, b) => a + b, 0)
  const exhaustive = Math.ceil(needed / PAGE)
  const values = (of: (r: Row) => string[]) => [...new Set(bigUndated.flat().flatMap(of))].sort()
  const cover = (of: (r: Row) => string[]) => minimumCover(bigUndated, values(of), of)
  const withStart = bigUndated.flat().filter((r) => r.start !== '').length
  const result = {
    assignee: cover((r) => (r.assignee ? [r.assignee] : [])),
    priority: cover((r) => (r.priority ? [r.priority] : [])),
    tag: cover((r) => r.tags),
    start: Math.ceil(withStart / (PAGE - 1)),
  }
  return {
    bigCells: big.map(([cell], i) => ({ cell, undated: bigUndated[i]?.length ?? 0 })),
    needed,
    exhaustive,
    cover: result,
    total: exhaustive + result.assignee + result.priority + result.tag + result.start,
  }
}

/**
 * The fewest queries (a set of big cells, a set of values) with fewer than 100 undated matches
 * each that together hold every (cell, value). Branch and bound over the maximal such queries,
 * branching on the element that the fewest of them hold.
 */
function minimumCover(
  lists: readonly Row[][],
  values: readonly string[],
  of: (r: Row) => string[],
): number {
  const elements = lists.flatMap((_, c) => values.map((_, v) => c * values.length + v))
  const candidates: number[][] = []
  for (let cells = 1; cells < 1 << lists.length; cells += 1) {
    for (let set = 1; set < 1 << values.length; set += 1) {
      const chosen = values.filter((_, v) => set & (1 << v))
      let count = 0
      lists.forEach((list, c) => {
        if (cells & (1 << c))
          count += list.filter((r) => of(r).some((x) => chosen.includes(x))).length
      })
      if (count >= PAGE) continue
      candidates.push(
        elements.filter(
          (e) => cells & (1 << Math.floor(e / values.length)) && set & (1 << (e % values.length)),
        ),
      )
    }
  }
  const maximal = candidates.filter(
    (a) => !candidates.some((b) => b.length > a.length && a.every((e) => b.includes(e))),
  )
  const widest = Math.max(1, ...maximal.map((c) => c.length))
  let best = elements.length
  const search = (uncovered: Set<number>, used: number): void => {
    if (uncovered.size === 0) {
      best = Math.min(best, used)
      return
    }
    if (used + Math.ceil(uncovered.size / widest) >= best) return
    let pick: number[][] | undefined
    for (const e of uncovered) {
      const holding = maximal.filter((c) => c.includes(e))
      if (!pick || holding.length < pick.length) pick = holding
    }
    const options = [...(pick ?? [])].sort(
      (a, b) => b.filter((e) => uncovered.has(e)).length - a.filter((e) => uncovered.has(e)).length,
    )
    for (const option of options) {
      search(new Set([...uncovered].filter((e) => !option.includes(e))), used + 1)
    }
  }
  search(new Set(elements), 0)
  return best
}
