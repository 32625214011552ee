// Slices waiting their turn. Slices that already hold their page cost nothing and go first;
// then slices of every match (they also teach the engine the board's keys and values), then
// the undated slices, whose split sizes are estimated better once more of the board is known.
// Deferred slices are split only when nothing else is left or in flight (see plan.ts).
import type { Slice } from './slice'

export class SliceQueue {
  private readonly ready: Slice[] = []
  private readonly all: Slice[] = []
  private readonly undated: Slice[] = []
  private deferred: Slice[] = []

  push(...slices: Slice[]): void {
    for (const slice of slices) {
      if (slice.page) this.ready.push(slice)
      else if (slice.scope === 'all') this.all.push(slice)
      else this.undated.push(slice)
    }
  }

  defer(...slices: Slice[]): void {
    this.deferred.push(...slices)
  }

  /** The next slice to handle: one that holds its page, or one to request when `canRequest`. */
  take(canRequest: boolean): Slice | undefined {
    if (this.ready.length > 0) return this.ready.shift()
    if (!canRequest) return undefined
    return this.all.shift() ?? this.undated.shift()
  }

  /** Every deferred slice, once nothing else is left: the caller must be idle. */
  takeDeferred(): Slice[] {
    if (this.ready.length + this.all.length + this.undated.length > 0) return []
    const deferred = this.deferred
    this.deferred = []
    return deferred
  }

  get size(): number {
    return this.ready.length + this.all.length + this.undated.length + this.deferred.length
  }
}
