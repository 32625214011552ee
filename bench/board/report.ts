// The board refresh benchmark's markdown section, and writing it into docs/benchmarks.md in place
// of the previous one (only this section; the others are left as they are).
import { writeDocSection } from '../doc-section'
import type { Sample } from './planner-messages'

export const HEADING = '## Board refresh off the main loop (issue 7)'
const TARGET_MS = 2500

export interface Refresh {
  /** From sending `board:sync` to the last byte of the reply, and to the reply parsed. */
  receivedMs: number
  parsedMs: number
  bytes: number
  tasks: number
  sample: Sample
}

export interface Measured {
  /** The --planner label: which checkout was measured. */
  label: string
  commit: string
  startMs: number
  /** Whether this start seeded the board (its first start in this data folder). */
  seeded: boolean
  refreshes: Refresh[]
  /** --profile: main-thread milliseconds by part of the code, over one extra refresh. */
  profile?: [string, number][]
}

export interface Context {
  command: string
  date: string
  machine: string
  tasks: number
  runs: number
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
const mb = (bytes: number) => fmt(bytes / 2 ** 20)
const of = (m: Measured, pick: (r: Refresh) => number) => median(m.refreshes.map(pick))

export function renderSection(measured: Measured[], context: Context): string {
  const rows = measured.map(
    (m) =>
      `| ${m.label} (${m.commit}) | ${fmt(of(m, (r) => r.parsedMs))} | ${m.refreshes.map((r) => fmt(r.parsedMs)).join(', ')} | ${fmt(of(m, (r) => r.receivedMs))} | ${fmt(of(m, (r) => r.sample.loopDelayMaxMs))} | ${mb(of(m, (r) => r.sample.peakHeapUsed))} | ${mb(of(m, (r) => r.sample.heapUsedAfterGc))} | ${mb(of(m, (r) => r.sample.peakRss))} | ${mb(of(m, (r) => r.bytes))} | ${fmt(of(m, (r) => r.tasks))} |`,
  )
  const after = measured.at(-1)
  const afterMs = after ? of(after, (r) => r.parsedMs) : Number.NaN
  return `${[
    HEADING,
    '',
    `Command: \`${context.command}\` (${context.date}). Machine: ${context.machine}.`,
    '',
    `Board: the embedded local board, seeded with ${fmt(context.tasks)} tasks on its first start (\`startLocalBoard\`, as \`npm run web -- --local-tasks ${context.tasks}\` does). The planner runs as browser mode composes it (\`createPlannerServices\` and the HTTP bridge) in a child process; this process calls \`board:sync\` over the bridge with \`cachedFirst: false\`, as the renderer's refresh does, and times it to the reply's last byte (_received_) and to the reply parsed (_refresh_). One refresh after each start is not counted (it warms the JIT and fills the snapshot cache the sync plans from); then ${context.runs} refreshes, medians. Heap and RSS are the planner process's: the highest seen while a refresh ran (sampled every 20 ms) and what it keeps after the refresh and a full GC; the event loop delay is the longest the planner's main loop was held while a refresh ran. The embedded board's worker thread shares the process, so it counts in RSS but not in the main thread's heap. Each row is a checkout of the planner, measured in the same run.`,
    '',
    '| Planner | Refresh ms (median) | Refresh ms (runs) | Received ms | Longest main-loop delay ms | Peak heap MB | Heap after GC MB | Peak RSS MB | Reply MB | Tasks |',
    '| ------- | ------------------: | ----------------- | ----------: | -------------------------: | -----------: | ---------------: | ----------: | -------: | ----: |',
    ...rows,
    '',
    `Target: a browser-mode refresh of a ${fmt(context.tasks)}-task board in ≤ ${fmt(TARGET_MS)} ms${after ? ` (${after.label})` : ''}: ${Number.isNaN(afterMs) ? 'not measured' : `${fmt(afterMs)} ms, ${afterMs <= TARGET_MS ? '**met**' : '**not met**'}`}.`,
    '',
    ...measured.map(
      (m) =>
        `- ${m.label}: the planner started in ${fmt(m.startMs / 1000, 1)} s (${m.seeded ? 'seeding the board' : 'board already seeded'}).`,
    ),
    ...profileTable(measured),
  ].join('\n')}\n`
}

/** Where the main thread spent one extra, CPU-profiled refresh (--profile), per planner. */
function profileTable(measured: Measured[]): string[] {
  const profiled = measured.filter((m) => m.profile)
  if (profiled.length === 0) return []
  const parts = [...new Set(profiled.flatMap((m) => m.profile!.map(([part]) => part)))]
  const ms = (m: Measured, part: string) => m.profile!.find(([p]) => p === part)?.[1] ?? 0
  const total = (m: Measured) => m.profile!.reduce((sum, [, value]) => sum + value, 0)
  const shown = parts.filter((part) => profiled.some((m) => ms(m, part) >= 20))
  return [
    '',
    `### Where the planner's main thread spends a refresh`,
    '',
    'One more refresh after the timed ones, with the V8 profiler on (which slows it down): self time by the part of the code it ran in, milliseconds. Parts under 20 ms are left out; time the thread waited off the CPU is counted where it resumed.',
    '',
    `| Part | ${profiled.map((m) => m.label).join(' | ')} |`,
    `| ---- | ${profiled.map(() => '---:').join(' | ')} |`,
    ...shown.map((part) => `| ${part} | ${profiled.map((m) => fmt(ms(m, part))).join(' | ')} |`),
    `| all | ${profiled.map((m) => fmt(total(m))).join(' | ')} |`,
  ]
}

/** Replaces this benchmark's section of docs/benchmarks.md (or appends it). */
export function writeSection(section: string): Promise<string> {
  return writeDocSection(HEADING, section)
}
