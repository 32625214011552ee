// The server benchmark's report: a markdown section printed to stdout and, with --write, put in
// docs/benchmarks.md in place of the section of the same heading.
import type { BatchFigures } from './batch'
import type { DbSize } from './board'
import { PROBE_RESOLUTION_MS } from './event-loop'
import type { LoopDelay } from './event-loop'
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

/** One load measured on both servers: response figures and the event loop of each server. */
export interface Measured {
  load: Pair<LoadFigures>
  loop: Pair<LoopDelay>
}

/** One filter kind measured alone. */
export interface FilterRun extends Measured {
  name: string
  /** Its first query, as sent (before percent-encoding). */
  example: string
  /** Tasks and bytes of the reply to each of its queries. */
  tasks: number[]
  bytes: number[]
  /** Median ms of one request at a time on an idle server. */
  single: Pair<number>
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
  /** The 1-minute load average sampled every 5 s during the run. */
  loadDuring: number[]
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
  filters: {
    seconds: number
    runs: number
    kinds: FilterRun[]
    mix: Measured & { distinct: number; single: Pair<number> }
  }
  batchSize: number
  batches: BatchVariant[]
  /** Event-loop delay of each server per phase; `whole`: start to SIGTERM, from the probe file. */
  loop: {
    fixed: Pair<LoopDelay>
    paced: Pair<LoopDelay>
    unlimited: Pair<LoopDelay>
    batches: Pair<LoopDelay>
    whole: Pair<LoopDelay | undefined>
  }
  dbSizes: { label: string; size: DbSize }[]
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
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
const range = (values: number[]) => {
  const low = Math.min(...values)
  const high = Math.max(...values)
  return low === high ? int(low) : `${int(low)}–${int(high)}`
}
/** Whether a load at the target rate met the list goal: p99 within it and no failed request. */
const goalMet = (f: LoadFigures) =>
  f.p99 <= LIST_P99_TARGET_MS && f.errors + f.non2xx === 0 && f.reqPerSec >= LIST_RATE * 0.95

function filterRows(r: Report): string[] {
  const row = (
    name: string,
    example: string,
    queries: string,
    tasks: string,
    m: Measured & { single: Pair<number> },
  ) => {
    const { service: s, bare: b } = m.load
    const loop = m.loop.service
    return `| ${name} | ${example} | ${queries} | ${tasks} | ${ms(m.single.service)} / ${ms(m.single.bare)} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(b.p50)} | ${ms(b.p99)} | ${ratio(s.p99, b.p99)} | ${s.errors} / ${s.non2xx} | ${ms(loop.p99)} / ${ms(loop.max)} | ${goalMet(s) ? 'met' : '**not met**'} |`
  }
  const { kinds, mix } = r.filters
  return [
    ...kinds.map((k) => row(k.name, `\`${k.example}\``, String(k.tasks.length), range(k.tasks), k)),
    row(
      `**mix of ${kinds.length} kinds**`,
      'all of the above in rotation',
      String(mix.distinct),
      range(kinds.flatMap((k) => k.tasks)),
      mix,
    ),
  ]
}

function loopRows(r: Report): string[] {
  const row = (phase: string, pair: Pair<LoopDelay | undefined>) => {
    const cells = (d: LoopDelay | undefined) =>
      d ? `${ms(d.p50)} | ${ms(d.p99)} | ${ms(d.max)}` : '— | — | —'
    return `| ${phase} | ${cells(pair.service)} | ${cells(pair.bare)} |`
  }
  const kinds = r.filters.kinds
  const worst = (side: 'service' | 'bare'): LoopDelay => ({
    p50: Math.max(...kinds.map((k) => k.loop[side].p50)),
    p99: Math.max(...kinds.map((k) => k.loop[side].p99)),
    max: Math.max(...kinds.map((k) => k.loop[side].max)),
    samples: kinds.reduce((n, k) => n + k.loop[side].samples, 0),
  })
  const worstKind = [...kinds].sort((a, b) => b.loop.service.p99 - a.loop.service.p99)[0]
  return [
    row(`List, ${LIST_RATE}/s autocannon`, r.loop.fixed),
    row(`List, ${LIST_RATE}/s paced`, r.loop.paced),
    row('List, unlimited rate', r.loop.unlimited),
    row(
      `Filters, each kind alone (largest over the ${kinds.length} kinds; p99 largest for ${worstKind?.name ?? '—'})`,
      { service: worst('service'), bare: worst('bare') },
    ),
    row(`Filter mix, ${LIST_RATE}/s paced`, r.filters.mix.loop),
    row('Batch updates (both servers in turn)', r.loop.batches),
    row('Whole life, start-up included', r.loop.whole),
  ]
}

function dbRows(r: Report): string[] {
  return r.dbSizes.map(
    ({ label, size }) =>
      `| ${label} | ${mb(size.main)} | ${mb(size.wal)} | ${mb(size.shm)} | ${mb(size.main + size.wal + size.shm)} |`,
  )
}

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
  const during =
    r.loadDuring.length > 0
      ? `, ${Math.min(...r.loadDuring).toFixed(2)}–${Math.max(...r.loadDuring).toFixed(2)} during it (sampled every 5 s)`
      : ''
  // The benchmark's own processes (load generator, server) keep the load near 2 on their own:
  // other work shows as load before the run, or well above that during it.
  const busy = r.loadBefore >= r.cores / 2 || Math.max(...r.loadDuring, 0) > r.cores + 0.5
  const shared = busy
    ? 'Other work was running on the machine while these figures were taken, so the milliseconds are noisy: read each figure against the bare server, measured alternately in the same run, rather than against another run.'
    : 'No other work was running on the machine (the load during the run is the benchmark itself: the load generator and the server under test share the 2 cores); the bare server measured alternately in the same run is still the figure to read each one against.'
  const kinds = r.filters.kinds
  const kindsMet = kinds.filter((k) => goalMet(k.load.service))
  const slowest = [...kinds].sort((a, b) => b.load.service.p99 - a.load.service.p99)[0]
  const first = r.dbSizes[0]?.size
  const last = r.dbSizes.at(-1)?.size
  const largestWal = Math.max(...r.dbSizes.map((d) => d.size.wal))
  const lines = [
    HEADING,
    '',
    `Command: \`${r.command}\` (${r.date}; ${r.code}). Machine: ${r.machine}, ${r.cores} cores, Node ${r.node}; load average ${r.loadBefore.toFixed(2)} before the run${during} and ${r.loadAfter.toFixed(2)} after it. ${shared}`,
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
    `### Filters: each kind alone and a mix, ${LIST_RATE} req/s paced`,
    '',
    `Every filter kind of the list endpoint (issue 10, item 7): a tag, each custom property type of the demo board (\`prop_<Name>\`; Checkbox and Toggle once for true and once for false), the start- and due-date ranges, \`type=milestone\`, \`pinToTop\`, \`priority\`, \`assignedUserEmail\`, \`projectKey\` with \`status\`, \`milestoneId\` and \`descriptionType\`. Each kind alone for ${r.filters.seconds} s (${r.filters.runs} run(s) per server), its values taken in turn; then the mix: all ${kinds.length} kinds in rotation (request i takes kind i mod ${kinds.length}, each kind's values in turn: ${r.filters.mix.distinct} distinct queries) for ${r.seconds} s, ${r.runs} run(s) per server. Same paced open loop as above, service and bare server alternating; the bare server answers each query with the service's bytes. _1 at a time_: median time of one request on an idle server (each query 3 times, one connection, before the loaded runs); a server doing nothing else can answer about 1000 / that many per second, so above ${1000 / LIST_RATE} ms the service, which answers on one thread, cannot keep up with ${LIST_RATE} req/s. _Loop_: the service process's event-loop delay during its run (see below). Goal: p99 ≤ ${LIST_P99_TARGET_MS} ms at ${LIST_RATE} req/s with no failed request.`,
    '',
    `| Filter | Example | queries | tasks per reply | 1 at a time ms, service / bare | service p50 ms | service p99 ms | bare p50 ms | bare p99 ms | p99 service / bare | errors / non-2xx | loop p99 / max ms | p99 ≤ ${LIST_P99_TARGET_MS} ms |`,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...filterRows(r),
    '',
    `Met alone by ${kindsMet.length} of ${kinds.length} kinds${slowest ? ` (slowest: ${slowest.name}, p99 ${ms(slowest.load.service.p99)} ms against ${ms(slowest.load.bare.p99)} ms for the bare server)` : ''}; the mix: p99 ${ms(r.filters.mix.load.service.p99)} ms against ${ms(r.filters.mix.load.bare.p99)} ms, ${goalMet(r.filters.mix.load.service) ? 'met' : 'not met'}.`,
    '',
    '### Event loop of the server processes',
    '',
    `Measured inside each server process by a preloaded module (\`node --import ./bench/server/event-loop-probe.ts\`; the server's code is unchanged): \`perf_hooks.monitorEventLoopDelay\` with a ${PROBE_RESOLUTION_MS} ms timer, figures in ms of how late the timer fired, one histogram per run of a phase (medians over runs; max: the largest). Phases cover only the server's own turn, except the batch updates (one histogram over both servers' turns). The whole-life figures are written by the probe when the server gets SIGTERM and include start-up (loading modules, opening the database).`,
    '',
    '| Phase | service p50 | service p99 | service max | bare p50 | bare p99 | bare max |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...loopRows(r),
    '',
    '### Database size',
    '',
    `The board database (MB) with its write-ahead log and shared-memory index, at points of the run. List and filter requests only read; the batch updates write (each moves ${r.batchSize} tasks' dates, the next one moves them back).${first && last ? ` Over the run: database file ${mb(first.main)} → ${mb(last.main)} MB, WAL at most ${mb(largestWal)} MB.` : ''}`,
    '',
    '| When | database | WAL | shm | total |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...dbRows(r),
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
    `| Each filter kind alone: p99 ≤ ${LIST_P99_TARGET_MS} ms at ${LIST_RATE} req/s (paced) | ${kindsMet.length} of ${kinds.length} kinds${slowest ? `; slowest ${slowest.name}, p99 ${ms(slowest.load.service.p99)} ms` : ''} | ${yes(kindsMet.length === kinds.length)} |`,
    `| Filter mix (${kinds.length} kinds): p99 ≤ ${LIST_P99_TARGET_MS} ms at ${LIST_RATE} req/s (paced) | p99 ${ms(r.filters.mix.load.service.p99)} ms at ${int(r.filters.mix.load.service.reqPerSec)} req/s | ${yes(goalMet(r.filters.mix.load.service))} |`,
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
