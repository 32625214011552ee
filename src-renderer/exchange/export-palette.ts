// Colours of exported images: the screen's light palette (styles.css, timeline-adapter.css) as
// fixed values, since a file has no CSS variables and paper is white whatever the OS theme.
export const PALETTE = {
  text: '#111827',
  muted: '#4b5563',
  grid: '#e5e7eb',
  weekend: '#f3f4f6',
  header: '#f9fafb',
  group: '#eef2f7',
  summary: '#374151',
  milestone: '#7c3aed',
  arrow: '#4b5563',
  slack: '#9ca3af',
  violated: '#d12c2c',
  priority: {
    high: { fill: '#f8d7d6', stroke: '#d9534f' },
    medium: { fill: '#fbe9c8', stroke: '#e0a030' },
    low: { fill: '#d9eedd', stroke: '#5aa469' },
    none: { fill: '#e6e9ef', stroke: '#8a94a6' },
  },
} as const

/** The legend as on screen (toolbar.tsx), in the same words. */
export const LEGEND_ITEMS: readonly {
  label: string
  kind: 'bar' | 'milestone' | 'line'
  colour: string
}[] = [
  { label: 'High priority', kind: 'bar', colour: PALETTE.priority.high.stroke },
  { label: 'Medium', kind: 'bar', colour: PALETTE.priority.medium.stroke },
  { label: 'Low', kind: 'bar', colour: PALETTE.priority.low.stroke },
  { label: 'No priority', kind: 'bar', colour: PALETTE.priority.none.stroke },
  { label: 'Milestone', kind: 'milestone', colour: PALETTE.milestone },
  { label: 'Violated dependency', kind: 'line', colour: PALETTE.violated },
]
