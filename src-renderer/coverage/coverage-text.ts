// The status bar's one-line account of how complete the loaded board is.
import type { CoverageReport } from '../src-shared/ipc'

export function coverageText(coverage: CoverageReport | null): { text: string; warning: boolean } {
  if (!coverage) return { text: 'Not loaded yet', warning: false }
  const count = coverage.knownTasks.toLocaleString('en-US')
  if (coverage.complete) return { text: `${count} tasks, complete`, warning: false }
  const slices = coverage.truncated.map((slice) => slice.description).join('; ')
  return { text: `${count}+ tasks: these slices may hide more: ${slices}`, warning: true }
}
