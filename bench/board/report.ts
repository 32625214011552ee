// The board refresh benchmark's markdown section, and writing it into docs/benchmarks.md in place
// of the previous one (only this section; the others are left as they are).
import { writeDocSection } from '../doc-section'
import type { Sample } from './planner-messages'
import type { ProfileSummary } from './profile-summary'

export const HEADING = '## Board refresh off the main loop (issue 7)'
const TARGET_MS = 2500
const TARGET_TASKS = 50_000

export interface Refresh {
  /** From sending `board:sync` to the last byte of the reply, and to the reply parsed. */
  receivedMs: number
  parsedMs: number
  bytes: number
  tasks: number
  /** List requests the sync made (its coverage report). */
  requests: number
  sample: Sample
}

export interface Measured {
  /** The --planner label: which checkout was measured. */
  label: string
  commit: string
  /** The board's size (--tasks). */
  tasks: number
  startMs: number
  /** Whether this start seeded the board (its first start in this data folder). */
  seeded: boolean
  refreshes: Refresh[]
  /** --profile: where the main thread spent one extra refresh. */
  profile?: ProfileSummary
}

export interface Context {
  command: string
  date: string
  machine: string
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

const HOW = (runs: number) =>
  `Board: the embedded local board, seeded on its first start (\`startLocalBoard\`, as \`npm run web -- --local-tasks N\` does), list order by due date, its project and status lists given to the sync as the planner gives them. The planner runs as browser mode composes it (\`createPlannerServices\` and the HTTP bridge) in a child process; this process calls \`board:sync\` over the bridge with \`cachedFirst: false\`, as the renderer's refresh does, and times it to the reply's last byte (_received_) and to the reply parsed (_refresh_). One refresh after each start is not counted (it warms the JIT and fills the snapshot cache the sync plans from); then ${runs} refreshes, medians. Heap and RSS are the planner process's: the highest seen while a refresh ran (sampled every 20 ms) and what it keeps after the refresh and a full GC. The main-loop delay is the longest time the planner's main thread could not run a timer while a refresh ran: how long the window (or the bridge) was frozen at worst. The embedded board's worker thread shares the process, so it counts in RSS but not in the main thread's heap. Each row is a checkout of the planner, measured in the same run.`

function row(m: Measured): string {
  const cells = [
    fmt(m.tasks),
    `${m.label} (${m.commit})`,
    fmt(of(m, (r) => r.parsedMs)),
    m.refreshes.map((r) => fmt(r.parsedMs)).join(', '),
    fmt(of(m, (r) => r.receivedMs)),
    fmt(of(m, (r) => r.requests)),
    fmt(of(m, (r) => r.sample.loopDelayMaxMs)),
    mb(of(m, (r) => r.sample.peakHeapUsed)),
    mb(of(m, (r) => r.sample.heapUsedAfterGc)),
    mb(of(m, (r) => r.sample.peakRss)),
    mb(of(m, (r) => r.bytes)),
    fmt(of(m, (r) => r.tasks)),
  ]
  return `| ${cells.join(' | ')} |`
}

function target(measured: Measured[]): string {
  const largest = measured.filter((m) => m.tasks === TARGET_TASKS).at(-1)
  if (!largest) return `Target (a refresh of a ${fmt(TARGET_TASKS)}-task board): not measured.`
  const ms = of(largest, (r) => r.parsedMs)
  return `Target: a browser-mode refresh of a ${fmt(TARGET_TASKS)}-task board in ≤ ${fmt(TARGET_MS)} ms (${largest.label}): ${fmt(ms)} ms, ${ms <= TARGET_MS ? '**met**' : '**not met**'}.`
}

export function renderSection(measured: Measured[], context: Context): string {
  return `${[
    HEADING,
    '',
    `Command: \`${context.command}\` (${context.date}). Machine: ${context.machine}.`,
    '',
    HOW(context.runs),
    '',
    '| Tasks | Planner | Refresh ms (median) | Refresh ms (runs) | Received ms | List requests | Longest main-loop delay ms | Peak heap MB | Heap after GC MB | Peak RSS MB | Reply MB | Tasks loaded |',
    '| ----: | ------- | ------------------: | ----------------- | ----------: | ------------: | -------------------------: | -----------: | ---------------: | ----------: | -------: | -----------: |',
    ...measured.map(row),
    '',
    target(measured),
    "(Issue 7's 6.2 s, with the board in main's thread, was measured when a 50,000-task sync took 764 list requests; the column above gives today's count.)",
    '',
    ...measured.map(
      (m) =>
        `- ${fmt(m.tasks)} tasks, ${m.label}: the planner started in ${fmt(m.startMs / 1000, 1)} s (${m.seeded ? 'seeding the board' : 'board already seeded'}).`,
    ),
    ...profileTables(measured),
  ].join('\n')}\n`
}

/** Packages that only the board service uses: on main's thread only while it runs there. */
const BOARD_PACKAGES = ['libsql', 'fastify', 'find-my-way', 'fast-querystring', 'pino', 'avvio']
const isBoard = (part: string) =>
  part.startsWith('src-server') || BOARD_PACKAGES.some((pkg) => part === `${pkg} (package)`)
/** Where a synced snapshot is turned into JSON: the disk cache and the bridge, or reply-json. */
const SERIALISING = ['src-main/board', 'src-main/web', 'src-main/ipc']

/** What the profiles of the first and last planner say, in sentences. */
function reading(first: Measured, last: Measured): string[] {
  const sum = (m: Measured, pick: (part: string) => boolean) =>
    m.profile!.parts.filter(([part]) => pick(part)).reduce((total, [, ms]) => total + ms, 0)
  const all = (m: Measured) => sum(m, () => true)
  const sync = (m: Measured) => sum(m, (part) => part === 'src-main/sync')
  const native = (m: Measured) => sum(m, (part) => part.startsWith('native'))
  const pct = (part: number, whole: number) => `${fmt((100 * part) / whole)} %`
  return [
    '',
    `- The board's own code on main's thread (src-server, libsql, fastify and the packages only it uses): ${fmt(sum(first, isBoard))} ms ${first.label}, ${fmt(sum(last, isBoard))} ms ${last.label}; native code (SQLite's C code among it, and JSON and sockets): ${fmt(native(first))} ms ${first.label}, ${fmt(native(last))} ms ${last.label}.`,
    `- Turning the snapshot into JSON for the disk cache and the reply (src-main/board, src-main/web, src-main/ipc): ${fmt(sum(first, (part) => SERIALISING.includes(part)))} ms ${first.label}, ${fmt(sum(last, (part) => SERIALISING.includes(part)))} ms ${last.label}.`,
    `- The sync engine (src-main/sync): ${fmt(sync(last))} ms of the main thread's ${fmt(all(last))} ms ${last.label} (${pct(sync(last), all(last))}).`,
  ]
}

/** Where the main thread spent one extra, CPU-profiled refresh (--profile), per board size. */
function profileTables(measured: Measured[]): string[] {
  const profiled = measured.filter((m) => m.profile)
  if (profiled.length === 0) return []
  const lines = [
    '',
    `### Where the planner's main thread spends a refresh`,
    '',
    'One more refresh after the timed ones, with the V8 profiler on (which slows it down): self time in milliseconds by the part of the code it ran in (JSON.stringify and JSON.parse count in the function that calls them). Parts under 20 ms are left out of the table but not of "all"; time the thread waited off the CPU is counted where it resumed.',
  ]
  for (const tasks of [...new Set(profiled.map((m) => m.tasks))]) {
    const group = profiled.filter((m) => m.tasks === tasks)
    const ms = (m: Measured, part: string) => m.profile!.parts.find(([p]) => p === part)?.[1] ?? 0
    const parts = [...new Set(group.flatMap((m) => m.profile!.parts.map(([part]) => part)))]
    const total = (m: Measured) => m.profile!.parts.reduce((sum, [, value]) => sum + value, 0)
    lines.push(
      '',
      `${fmt(tasks)} tasks:`,
      '',
      `| Part | ${group.map((m) => m.label).join(' | ')} |`,
      `| ---- | ${group.map(() => '---:').join(' | ')} |`,
      ...parts
        .filter((part) => group.some((m) => ms(m, part) >= 20))
        .map((part) => `| ${part} | ${group.map((m) => fmt(ms(m, part))).join(' | ')} |`),
      `| all | ${group.map((m) => fmt(total(m))).join(' | ')} |`,
      '',
      ...group.map(
        (m) =>
          `Hottest functions, ${m.label}: ${m.profile!.hottest.map(([name, value]) => `\`${name}\` ${fmt(value)} ms`).join(', ')}.`,
      ),
      ...(group.length > 1 ? reading(group[0]!, group.at(-1)!) : []),
    )
  }
  return lines
}

/** Replaces this benchmark's section of docs/benchmarks.md (or appends it). */
export function writeSection(section: string): Promise<string> {
  return writeDocSection(HEADING, section)
}
