// The server benchmark's report: a markdown section printed to stdout and, with --write, put in
// docs/benchmarks.md in place of the section of the same heading.
import type { BatchFigures } from './batch'
import type { LoadFigures } from './load'
import { writeDocSection } from '../doc-section'

export const HEADING = '## Board service (issue A)'
export const LIST_P99_TARGET_MS = 20
export const LIST_RATE = 500
export const BATCH_TARGET_MS = 150

export interface Pair<T> {
  service: T
  bare: T
}

export interface Report {
  command: string
  date: string
  /** The commit measured. */
  code: string
  machine: string
  cores: number
  node: string
  loadBefore: number
  loadAfter: number
  tasks: number
  seededSeconds: number | undefined
  seededOn: string | undefined
  reused: boolean
  runs: number
  seconds: number
  maxSeconds: number
  connections: number
  queries: { count: number; tasks: number[]; bytes: number[] }
  fixed: Pair<LoadFigures>
  paced: Pair<LoadFigures>
  unlimited: Pair<LoadFigures>
  batchSize: number
  batches: BatchVariant[]
}

export interface BatchVariant extends Pair<BatchFigures> {
  label: string
  bodyBytes: number
  replyBytes: number
}

const ms = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0))
const ratio = (a: number, b: number) =>
  b > 0 ? `×${a / b < 1 ? (a / b).toPrecision(2) : (a / b).toFixed(1)}` : '—'
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const int = (n: number) => Math.round(n).toLocaleString('en')
const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
const mid = (values: number[]) => sorted(values)[Math.floor(values.length / 2)] ?? 0
const yes = (ok: boolean) => (ok ? '**yes**' : '**no**')

function loadRows(label: string, pair: Pair<LoadFigures>): string[] {
  const row = (name: string, f: LoadFigures) =>
    `| ${name} | ${label} | ${ms(f.p50)} | ${ms(f.p90)} | ${ms(f.p99)} | ${ms(f.max)} | ${int(f.reqPerSec)} | ${f.errors} / ${f.non2xx} |`
  const { service: s, bare: b } = pair
  return [
    row('Board service', s),
    row('Bare Node http', b),
    `| Ratio service / bare | ${label} | ${ratio(s.p50, b.p50)} | ${ratio(s.p90, b.p90)} | ${ratio(s.p99, b.p99)} | ${ratio(s.max, b.max)} | ${ratio(s.reqPerSec, b.reqPerSec)} | |`,
  ]
}

function batchRows(b: BatchVariant): string[] {
  const row = (name: string, f: BatchFigures) =>
    `| ${name} | ${b.label} | ${ms(f.median)} | ${ms(f.p90)} | ${ms(f.min)} | ${ms(f.max)} | ${f.runs} | ${f.failures} |`
  const { service: s, bare: r } = b
  return [
    row('Board service', s),
    row('Bare Node http', r),
    `| Ratio service / bare | ${b.label} | ${ratio(s.median, r.median)} | ${ratio(s.p90, r.p90)} | ${ratio(s.min, r.min)} | ${ratio(s.max, r.max)} | | |`,
  ]
}

export function renderReport(r: Report): string {
  const failures = r.batches.flatMap((b) =>
    [b.service, b.bare].flatMap((f) => (f.failure ? [`${b.label}: ${f.failure}`] : [])),
  )
  const took =
    r.seededSeconds === undefined ? '' : ` (seeding took ${r.seededSeconds.toFixed(1)} s)`
  const seeded = r.reused
    ? `reused from an earlier run${r.seededOn ? ` of ${r.seededOn}` : ''}${took}`
    : `seeded by this run${took}`
  const lines = [
    HEADING,
    '',
    `Command: \`${r.command}\` (${r.date}; ${r.code}). Machine: ${r.machine}, ${r.cores} cores, Node ${r.node}; load average ${r.loadBefore.toFixed(2)} before the run and ${r.loadAfter.toFixed(2)} after it (the machine is shared, so figures are noisy; compare the ratios).`,
    '',
    `Board: ${int(r.tasks)} tasks (\`taskboard seed --seed 1\`), ${seeded}. The service runs as \`taskboard serve\` in a child process; the baseline is a bare Node \`http\` server, also a child process, answering each request with the bytes the service returned for the same request and doing no other work. The load generator runs in the benchmark process; the two servers are measured alternately, ${r.runs} run(s) each.`,
    '',
    '### List: GET /api/v1/tasks with 3 filters',
    '',
    `\`projectKey\`, \`status\` and a \`dueDate\` range; ${r.queries.count} combinations taken in turn (replies of ${Math.min(...r.queries.tasks)}–${Math.max(...r.queries.tasks)} tasks, median ${mid(r.queries.tasks)}; median ${kb(mid(r.queries.bytes))}).`,
    '',
    '| Server | Load | p50 ms | p90 ms | p99 ms | max ms | req/s | errors / non-2xx |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...loadRows(`${LIST_RATE}/s, autocannon`, r.fixed),
    ...loadRows(`${LIST_RATE}/s, paced`, r.paced),
    ...loadRows('unlimited, autocannon', r.unlimited),
    '',
    `Capacity: unlimited throughput of the service ${int(r.unlimited.service.reqPerSec)} req/s, ${(r.unlimited.service.reqPerSec / LIST_RATE).toFixed(2)}× the ${LIST_RATE} req/s target rate (near 1 or below, requests queue up at the target rate and latency grows for as long as the load lasts).`,
    '',
    `Each figure is the median over the runs (each column on its own); errors are totals. _${LIST_RATE}/s, autocannon_: \`overallRate: ${LIST_RATE}\`, ${r.connections} connections, ${r.seconds} s; autocannon sends each connection's share of a second back to back, then waits for the next second, so this is ${r.connections} requests in flight in bursts; it records whole milliseconds. _${LIST_RATE}/s, paced_: open loop, one request every ${(1000 / LIST_RATE).toFixed(0)} ms for ${r.seconds} s on reused keep-alive connections, latency counted from when each request was due. _unlimited_: autocannon, ${r.connections} connections, ${r.maxSeconds} s, no rate limit.`,
    '',
    `### Batch update: PUT /api/v1/tasks with ${r.batchSize} tasks`,
    '',
    `Each request moves the start and due date of ${r.batchSize} tasks (by id) by a day, as a drag of many bars does; body ${kb(r.batches[0]?.bodyBytes ?? 0)}, reply ${kb(r.batches[0]?.replyBytes ?? 0)}. Two selections: the next ${r.batchSize} bars of one project by due date (a drag of a selection), and ${r.batchSize} tasks spread evenly over the board (worst case: every task on its own table and index pages). One request at a time, timed from sending to the reply's last byte; service and bare server alternate. The bare server reads the body and answers with the bytes of one of the service's replies.`,
    '',
    '| Server | Tasks | median ms | p90 ms | min ms | max ms | runs | failures |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.batches.flatMap(batchRows),
    ...(failures.length > 0 ? ['', `First failures: ${failures.join('; ')}`] : []),
    '',
    '### Targets',
    '',
    '| Target | Measured | Met |',
    '| --- | --- | --- |',
    `| List p99 ≤ ${LIST_P99_TARGET_MS} ms at ${LIST_RATE} req/s (paced) | p99 ${ms(r.paced.service.p99)} ms at ${int(r.paced.service.reqPerSec)} req/s | ${yes(r.paced.service.p99 <= LIST_P99_TARGET_MS && r.paced.service.errors + r.paced.service.non2xx === 0)} |`,
    `| List p99 ≤ ${LIST_P99_TARGET_MS} ms at ${LIST_RATE} req/s (autocannon bursts) | p99 ${ms(r.fixed.service.p99)} ms at ${int(r.fixed.service.reqPerSec)} req/s | ${yes(r.fixed.service.p99 <= LIST_P99_TARGET_MS && r.fixed.service.errors + r.fixed.service.non2xx === 0)} |`,
    ...r.batches.map(
      (b) =>
        `| ${r.batchSize}-task batch ≤ ${BATCH_TARGET_MS} ms (median; ${b.label}) | median ${ms(b.service.median)} ms, p90 ${ms(b.service.p90)} ms | ${yes(b.service.median <= BATCH_TARGET_MS && b.service.failures === 0)} |`,
    ),
    '',
  ]
  return lines.join('\n')
}

const INTRO = `# Benchmarks

Performance figures of Taskboard Planner, one section per benchmark. Benchmarks are not tests:
they print a table and exit 0, and no test fails on a timing. Each section records the command
that produced it, the date, the machine (CPU model and core count) and the Node version.

Timings on a shared machine are noisy, so each benchmark measures a baseline in the same run
(for the board service: a bare Node HTTP server sending the same bytes) and reports ratios
against it, and medians of several runs. Compare ratios across machines, not milliseconds.

`

/**
 * Replaces (or appends) the section under HEADING, up to the next level-2 heading, and formats
 * the file with prettier, so that the lint's format check passes after each run.
 */
/** Replaces this benchmark's section of docs/benchmarks.md (or appends it). */
export function writeSection(section: string): Promise<string> {
  return writeDocSection(HEADING, section, INTRO)
}
