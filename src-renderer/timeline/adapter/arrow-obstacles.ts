// Where an arrow's vertical run may cross the rows between its ends without running through a
// bar (issue 13: arrows route around bars). Built once per rendered input from the drawn bars
// (a bar per row), looked up by each arrow as it draws.
import type { Scene } from './scene'

/** Air kept between a vertical run and a bar's edge, px. */
const CLEARANCE_PX = 4

/**
 * The leftmost x in [from, to] where no bar in the rows strictly between rowA and rowB covers
 * it; undefined when there is none (the arrow keeps its usual route).
 */
export type FreeColumn = (
  from: number,
  to: number,
  rowA: number,
  rowB: number,
) => number | undefined

const cache = new WeakMap<object, FreeColumn>()

export function freeColumnOf(scene: Scene): FreeColumn {
  const key = scene.input
  let found = cache.get(key)
  if (!found) {
    found = buildFreeColumn(scene)
    cache.set(key, found)
  }
  return found
}

function buildFreeColumn(scene: Scene): FreeColumn {
  const byRow = new Map<number, [number, number][]>()
  let firstRow = Infinity
  let lastRow = -Infinity
  for (const model of scene.byId.values()) {
    if (!model.drawn) continue
    const { row } = model.bar
    const spans = byRow.get(row) ?? []
    spans.push([model.x - CLEARANCE_PX, model.x + model.width + CLEARANCE_PX])
    byRow.set(row, spans)
    firstRow = Math.min(firstRow, row)
    lastRow = Math.max(lastRow, row)
  }
  return (from, to, rowA, rowB) => {
    if (to < from) return undefined
    const blocked: [number, number][] = []
    // Only the drawn rows can block: an arrow to an anchor thousands of rows away (a 50,000-task
    // board) looks at the window's rows, not at every row between its ends (that loop was the
    // heaviest script of a scroll there).
    const top = Math.max(Math.min(rowA, rowB) + 1, firstRow)
    const bottom = Math.min(Math.max(rowA, rowB) - 1, lastRow)
    for (let row = top; row <= bottom; row += 1) {
      for (const span of byRow.get(row) ?? []) {
        if (span[1] >= from && span[0] <= to) blocked.push(span)
      }
    }
    blocked.sort((a, b) => a[0] - b[0])
    let x = from
    for (const [start, end] of blocked) {
      if (start > x) break
      x = Math.max(x, end)
    }
    return x <= to ? x : undefined
  }
}
