// The syncs main is running, by board. Only one board is shown at a time: when a sync of
// another board starts, the user has moved on, and a sync of the board left behind is stopped
// rather than left to run its course (at 50,000 tasks, seconds of main's thread and both cores;
// on a rate-limited board, minutes of waiting). The renderer already ignores what a superseded
// load answers. Syncs of the same board (Refresh twice) are left alone. A board removed or moved
// to another address while it loads is stopped too: what it would read is no longer that board's.
export class SyncRuns {
  private readonly running = new Map<AbortController, string>()

  /** A signal for a sync of `profileId`; syncs of every other board are stopped. */
  start(profileId: string): { signal: AbortSignal; done(): void } {
    for (const [controller, other] of this.running) {
      if (other === profileId) continue
      controller.abort(new DOMException('another board was opened', 'AbortError'))
      this.running.delete(controller)
    }
    const controller = new AbortController()
    this.running.set(controller, profileId)
    return { signal: controller.signal, done: () => void this.running.delete(controller) }
  }

  /** Stops every sync of `profileId`, saying why (the sync's caller is answered with it). */
  stop(profileId: string, why: string): void {
    for (const [controller, board] of this.running) {
      if (board !== profileId) continue
      controller.abort(new DOMException(why, 'AbortError'))
      this.running.delete(controller)
    }
  }
}
