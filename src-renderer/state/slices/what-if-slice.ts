// The what-if cascade of the drag under way (issue 12, item 1): what the live summary shows.
// Whether a drop applies the whole cascade without asking is the board's setting (its profile,
// kept by main; Shift at the drop does it once).
import type { SliceCreator } from '../store'

export interface WhatIfSummary {
  /** Tasks the drop would move: the dragged ones and the successors pushed. */
  moves: number
  pushed: number
  /** "APP-20 Launch slips 3 days", one per milestone whose date would move. */
  milestones: readonly string[]
  /** "APP-3 → APP-9 broken by 2 days", one per dependency still broken afterwards. */
  violations: readonly string[]
}

export interface WhatIfSlice {
  whatIf: { summary: WhatIfSummary | null }
  setWhatIfSummary(summary: WhatIfSummary | null): void
}

export const createWhatIfSlice: SliceCreator<WhatIfSlice> = (set) => ({
  whatIf: { summary: null },
  setWhatIfSummary: (summary) => set((s) => ({ whatIf: { ...s.whatIf, summary } })),
})
