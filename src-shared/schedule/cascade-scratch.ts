// Scratch space of the cascade, per index: typed arrays stamped with a generation number, so a
// drag frame never clears (or allocates) n slots; and the min-heap that settles tasks in
// topological order.
import type { ScheduleIndex } from './schedule-index'

export interface Scratch {
  generation: number
  moved: Int32Array
  fixed: Int32Array
  driver: Int32Array
  queued: Int32Array
  depSeen: Int32Array
  linkSeen: Int32Array
  newStart: Float64Array
  newFinish: Float64Array
  heap: RankHeap
}

const scratches = new WeakMap<ScheduleIndex, Scratch>()

export function scratchOf(index: ScheduleIndex): Scratch {
  let s = scratches.get(index)
  if (!s) {
    const n = index.tasks.length
    s = {
      generation: 0,
      moved: new Int32Array(n),
      fixed: new Int32Array(n),
      driver: new Int32Array(n),
      queued: new Int32Array(n),
      depSeen: new Int32Array(index.deps.length),
      linkSeen: new Int32Array(n),
      newStart: new Float64Array(n),
      newFinish: new Float64Array(n),
      heap: new RankHeap(),
    }
    scratches.set(index, s)
  }
  return s
}

export function nextGeneration(s: Scratch): number {
  if (s.generation >= 0x7fffffff) {
    s.generation = 0
    for (const a of [s.moved, s.fixed, s.driver, s.queued, s.depSeen, s.linkSeen]) a.fill(0)
  }
  return ++s.generation
}

/** A binary min-heap of task numbers keyed by rank. */
export class RankHeap {
  private items = new Int32Array(64)
  private keys = new Int32Array(64)
  size = 0

  clear(): void {
    this.size = 0
  }

  push(item: number, key: number): void {
    if (this.size === this.items.length) {
      const items = new Int32Array(this.size * 2)
      const keys = new Int32Array(this.size * 2)
      items.set(this.items)
      keys.set(this.keys)
      this.items = items
      this.keys = keys
    }
    let at = this.size++
    while (at > 0) {
      const parent = (at - 1) >> 1
      if ((this.keys[parent] as number) <= key) break
      this.items[at] = this.items[parent] as number
      this.keys[at] = this.keys[parent] as number
      at = parent
    }
    this.items[at] = item
    this.keys[at] = key
  }

  pop(): number {
    const top = this.items[0] as number
    const last = --this.size
    const item = this.items[last] as number
    const key = this.keys[last] as number
    let at = 0
    for (;;) {
      let child = 2 * at + 1
      if (child >= last) break
      if (child + 1 < last && (this.keys[child + 1] as number) < (this.keys[child] as number))
        child++
      if ((this.keys[child] as number) >= key) break
      this.items[at] = this.items[child] as number
      this.keys[at] = this.keys[child] as number
      at = child
    }
    this.items[at] = item
    this.keys[at] = key
    return top
  }
}
