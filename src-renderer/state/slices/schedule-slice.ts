// What the planning views show (issue 12): which schedule panel is open (Problems or
// Milestones), the critical-path highlight and its target, the milestone whose chain the timeline
// is focused on, and the board's baselines as main last listed them with the one shown. The
// schedule itself (problems, float, forecasts) is derived from the board on demand
// (../../schedule/schedule-selectors.ts), never stored, so an edit or a sync needs nothing kept
// in step.
import type { BaselineSummary } from '../../../src-shared/baselines/saved-baseline'
import type { BaselineDates } from '../../../src-shared/schedule'
import type { SliceCreator } from '../store'

export type SchedulePanel = 'problems' | 'milestones'

/** A baseline being shown: its name and every task's saved dates. */
export interface ShownBaseline {
  name: string
  savedAt: string
  dates: ReadonlyMap<string, BaselineDates>
}

export interface ScheduleData {
  panel: SchedulePanel | null
  /** The critical path is highlighted on the timeline. */
  critical: boolean
  /** The milestone the critical path runs to; '' for the latest due date of the board. */
  criticalTarget: string
  /** The milestone whose chain the timeline is focused on (other rows dimmed); null for none. */
  focusMilestoneId: string | null
  /** The board these baselines belong to; '' before the first listing. */
  baselinesProfileId: string
  baselines: readonly BaselineSummary[]
  shownBaseline: ShownBaseline | null
}

export interface ScheduleSlice {
  schedule: ScheduleData
  /** Opens a panel (closing the other), or closes it when it is the one open. */
  toggleSchedulePanel(panel: SchedulePanel | null): void
  setCritical(on: boolean): void
  setCriticalTarget(milestoneId: string): void
  focusMilestone(id: string | null): void
  /** Main's list of a board's baselines; another board's list also drops what this one showed. */
  baselinesListed(profileId: string, baselines: readonly BaselineSummary[]): void
  showBaseline(baseline: ShownBaseline | null): void
}

export const INITIAL_SCHEDULE: ScheduleData = {
  panel: null,
  critical: false,
  criticalTarget: '',
  focusMilestoneId: null,
  baselinesProfileId: '',
  baselines: [],
  shownBaseline: null,
}

export const createScheduleSlice: SliceCreator<ScheduleSlice> = (set) => {
  const patch = (schedule: Partial<ScheduleData>) =>
    set((s) => ({ schedule: { ...s.schedule, ...schedule } }))
  return {
    schedule: INITIAL_SCHEDULE,
    toggleSchedulePanel: (panel) =>
      set((s) => ({
        schedule: { ...s.schedule, panel: s.schedule.panel === panel ? null : panel },
      })),
    setCritical: (critical) => patch({ critical }),
    setCriticalTarget: (criticalTarget) => patch({ criticalTarget }),
    focusMilestone: (focusMilestoneId) => patch({ focusMilestoneId }),
    baselinesListed: (profileId, baselines) =>
      set((s) => {
        const sameBoard = s.schedule.baselinesProfileId === profileId
        const shown = s.schedule.shownBaseline
        return {
          schedule: {
            ...s.schedule,
            baselinesProfileId: profileId,
            baselines,
            // Another board's milestones and tasks are not this one's: start afresh.
            ...(sameBoard ? {} : { criticalTarget: '', focusMilestoneId: null }),
            shownBaseline:
              sameBoard && shown && baselines.some((b) => b.name === shown.name) ? shown : null,
          },
        }
      }),
    showBaseline: (shownBaseline) => patch({ shownBaseline }),
  }
}
