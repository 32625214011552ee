// Bars in pixels. The day rules of a task's extent (a due at midnight is a whole day, a task's
// finish day is the first day it no longer occupies, a milestone sits at the end of its due day)
// are the scheduling core's: src-shared/schedule/extent.ts.
import type { TaskExtent } from '../../../src-shared/schedule/extent'

export {
  finishDayOf,
  finishMs,
  shiftExtent,
  startDayOf,
  taskExtent,
} from '../../../src-shared/schedule/extent'
export type { DatedTask, ExtentKind, TaskExtent } from '../../../src-shared/schedule/extent'

/** Narrowest bar drawn, in px: a zero-length bar (start time = due time) stays visible. */
export const MIN_BAR_WIDTH = 2

/** Horizontal placement of a bar; a milestone's x is its point (its diamond is centred there). */
export function barPx(
  extent: TaskExtent,
  scale: { xOfMs(ms: number): number },
): { x: number; width: number } {
  const x = scale.xOfMs(extent.startMs)
  if (extent.kind === 'milestone') return { x, width: 0 }
  return { x, width: Math.max(MIN_BAR_WIDTH, scale.xOfMs(extent.endMs) - x) }
}
