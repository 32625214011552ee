// The row index of dependencies (visible-window.ts): a window's links and its count of links
// passing through are what a pass over every dependency gives, for any window.
import { describe, expect, it } from 'vitest'
import {
  dependenciesInWindow,
  dependenciesOfRows,
  indexDependencyRows,
} from '../../../src-renderer/timeline/geometry'

interface Dep {
  id: string
  predecessorId: string
  successorId: string
}

/** mulberry32: a seeded board, the same in every run. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

describe('dependenciesOfRows', () => {
  it('gives the links with an end in the window once each, and counts those passing through', () => {
    const next = random(3)
    const rowCount = 200
    const rowIndexById = new Map(Array.from({ length: rowCount }, (_, i) => [`t${i}`, i]))
    const pick = () => `t${Math.floor(next() * rowCount)}`
    const deps: Dep[] = Array.from({ length: 500 }, (_, i) => ({
      id: `d${i}`,
      predecessorId: pick(),
      successorId: pick(),
    }))
    // A dependency to a task with no row (filtered out) is never drawn or counted.
    deps.push({ id: 'gone', predecessorId: 't1', successorId: 'hidden' })
    const index = indexDependencyRows(deps, rowIndexById, rowCount)
    for (const [first, last] of [
      [0, 19],
      [40, 99],
      [180, 199],
      [57, 57],
      [0, 199],
    ] as const) {
      const inRows = (id: string) => {
        const row = rowIndexById.get(id)!
        return row >= first && row <= last
      }
      const all = dependenciesInWindow(deps, rowIndexById, first, last)
      const touching = all.filter((d) => inRows(d.predecessorId) || inRows(d.successorId))
      const { touching: got, passing } = dependenciesOfRows(index, first, last)
      expect(got.map((d) => d.id).sort()).toEqual(touching.map((d) => d.id).sort())
      expect(passing).toBe(all.length - touching.length)
    }
  })
})
