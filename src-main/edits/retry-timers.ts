// One retry timer per board for the edit sender: the next time its waiting edits are sent again.
// A timer does not keep the process alive, and none is set once closed.

export class RetryTimers {
  private readonly timers = new Map<string, { timer: NodeJS.Timeout; at: number }>()
  private closed = false

  /** Runs `retry` for the board after `waitMs`, replacing any timer it had. */
  schedule(profileId: string, waitMs: number, retry: () => void): void {
    if (this.closed) return
    this.clear(profileId)
    const timer = setTimeout(() => {
      this.timers.delete(profileId)
      retry()
    }, waitMs)
    timer.unref?.()
    this.timers.set(profileId, { timer, at: Date.now() + waitMs })
  }

  clear(profileId: string): void {
    const entry = this.timers.get(profileId)
    if (entry) clearTimeout(entry.timer)
    this.timers.delete(profileId)
  }

  /** When the board's timer fires (ms since the epoch); undefined when it has none. */
  at(profileId: string): number | undefined {
    return this.timers.get(profileId)?.at
  }

  close(): void {
    this.closed = true
    for (const profileId of [...this.timers.keys()]) this.clear(profileId)
  }
}
