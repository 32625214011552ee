// Server benchmark (issue A): GET /api/v1/tasks with 3 filters on a 100,000-task board, every
// filter kind alone and a mix of them (issue 10, item 7), and a 500-task batch update, against
// the board service and, side by side, a bare Node HTTP server returning the same bytes, with
// the event-loop delay of both server processes and the database's size. Prints a markdown
// report; --write puts it in docs/benchmarks.md. Not a test: it exits 0 whatever the figures
// (non-zero only if it crashes).
//
//   npm run bench:server -- [--write] [--fresh] [--runs 3] [--seconds 10]
//                           [--filter-seconds 3] [--filter-runs 1] [--quick]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { BatchRunner, batchBody, batchProblem } from './batch'
import { createKey, dbSize, pickBatchTasks, pickMilestoneIds, prepareBoard, TASKS } from './board'
import type { BatchPick, BatchTask, DbSize } from './board'
import type { BareReplies } from './bare-server'
import { ROOT, startServer } from './children'
import { codeVersion, combine, oneAtATime } from './measure'
import type { Server } from './children'
import { combineDelays, NO_DELAY } from './event-loop'
import type { LoopDelay } from './event-loop'
import { autocannonList, pacedList, send } from './load'
import type { LoadFigures } from './load'
import { filterKinds, filterPath, listPaths, mixPaths } from './queries'
import { LIST_RATE, renderReport, writeSection } from './report'
import type { BatchVariant, FilterRun, Measured, Pair, Report } from './report'
import { median } from './stats'

const BATCH_SIZE = 500
const BATCH_RUNS = 15
const CONNECTIONS = 10
/** Milestones the milestoneId filter takes in turn. */
const MILESTONES = 12

const { values: options } = parseArgs({
  options: {
    write: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    seconds: { type: 'string' },
    'filter-seconds': { type: 'string' },
    'filter-runs': { type: 'string' },
  },
})
const runs = Number(options.runs ?? (options.quick ? 1 : 3))
const seconds = Number(options.seconds ?? (options.quick ? 3 : 10))
const maxSeconds = options.quick ? 2 : 5
const batchRuns = options.quick ? 3 : BATCH_RUNS
const filterSeconds = Number(options['filter-seconds'] ?? (options.quick ? 1 : 3))
const filterRuns = Number(options['filter-runs'] ?? 1)
if (!(runs >= 1 && seconds >= 1)) throw new Error('--runs and --seconds must be at least 1')
if (!(filterRuns >= 1 && filterSeconds >= 1))
  throw new Error('--filter-runs and --filter-seconds must be at least 1')

const log = (line: string) => process.stderr.write(`${line}\n`)
const tmp = join(ROOT, '.bench-tmp')

/**
 * Measures both servers in turn, `times` runs each, each run one phase of their event-loop
 * probes; figures are medians over the runs (see combine and combineDelays).
 */
async function alternate(
  what: string,
  servers: Pair<Server>,
  measure: (server: Server) => Promise<LoadFigures>,
  times = runs,
): Promise<Measured> {
  const results: Pair<LoadFigures[]> = { service: [], bare: [] }
  const delays: Pair<LoopDelay[]> = { service: [], bare: [] }
  for (let run = 1; run <= times; run += 1) {
    for (const side of ['service', 'bare'] as const) {
      const server = servers[side]
      const phase = `${what} ${run}`
      await server.probe?.start(phase)
      const f = await measure(server)
      const delay = (await server.probe?.stop(phase)) ?? NO_DELAY
      results[side].push(f)
      delays[side].push(delay)
      log(
        `  ${what} run ${run}/${times} ${side.padEnd(7)} p50 ${f.p50.toFixed(2)} p99 ${f.p99.toFixed(2)} max ${f.max.toFixed(1)} ms, ${f.reqPerSec.toFixed(0)} req/s, errors ${f.errors}, non-2xx ${f.non2xx}; event loop p99 ${delay.p99.toFixed(1)} max ${delay.max.toFixed(1)} ms`,
      )
    }
  }
  return {
    load: { service: combine(results.service), bare: combine(results.bare) },
    loop: { service: combineDelays(delays.service), bare: combineDelays(delays.bare) },
  }
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0
  // The 1-minute load average every 5 s: how busy the machine was while the figures were taken.
  const loadDuring: number[] = []
  const sampler = setInterval(() => loadDuring.push(loadavg()[0] ?? 0), 5_000)
  sampler.unref()
  const code = codeVersion()
  mkdirSync(tmp, { recursive: true })
  const board = await prepareBoard(options.fresh, log)
  const key = await createKey(board.dbPath)
  const picks: { pick: BatchPick; label: string }[] = [
    { pick: 'window', label: 'one project, next 500 bars by due date' },
    { pick: 'spread', label: '500 tasks spread over the board' },
  ]
  const headers = { authorization: `Bearer ${key}` }
  const jsonHeaders = { ...headers, 'content-type': 'application/json' }
  const paths = listPaths()
  const kinds = filterKinds(pickMilestoneIds(board.dbPath, MILESTONES))
  const kindPaths = kinds.map((kind) => kind.queries.map(filterPath))
  const mix = mixPaths(kinds)
  const dbSizes: { label: string; size: DbSize }[] = [
    { label: 'before the runs (service not started)', size: dbSize(board.dbPath) },
  ]
  const probeFiles = {
    service: join(tmp, 'event-loop-service.json'),
    bare: join(tmp, 'event-loop-bare.json'),
  }
  for (const file of Object.values(probeFiles)) rmSync(file, { force: true })

  const stops: (() => Promise<void>)[] = []
  let measured: Omit<Report, 'loop' | 'dbSizes' | 'loadAfter' | 'loadDuring'> & {
    loop: Omit<Report['loop'], 'whole'>
  }
  let servers: Pair<Server>
  try {
    const service = await startServer(
      'board service',
      ['bin/taskboard.js', 'serve', '--db', board.dbPath, '--port', '0'],
      { probeFile: probeFiles.service },
    )
    stops.push(service.stop)
    log(`Board service at ${service.url} (pid ${service.pid}).`)

    // The replies the bare server will send: the service's own bytes for each request.
    const replies: BareReplies = { list: {}, put: '' }
    const fetchReplies = async (list: readonly string[]) => {
      const tasks: number[] = []
      const bytes: number[] = []
      for (const path of list) {
        const reply = await send(service.url + path, 'GET', headers)
        if (reply.status !== 200) throw new Error(`GET ${path}: HTTP ${reply.status} ${reply.body}`)
        tasks.push((JSON.parse(reply.body.toString()) as { tasks: unknown[] }).tasks.length)
        bytes.push(reply.body.length)
        replies.list[path] = reply.body.toString('base64')
      }
      return { tasks, bytes }
    }
    const { tasks: taskCounts, bytes: byteCounts } = await fetchReplies(paths)
    log(`List queries: ${paths.length}, tasks per reply ${taskCounts.join(' ')}.`)
    const kindReplies: { tasks: number[]; bytes: number[] }[] = []
    for (const [i, kind] of kinds.entries()) {
      const r = await fetchReplies(kindPaths[i] as string[])
      kindReplies.push(r)
      log(`Filter ${kind.name}: ${r.tasks.length} queries, tasks per reply ${r.tasks.join(' ')}.`)
    }

    // Each batch variant: its tasks, a runner per server, a count of the bodies sent (the
    // parity of which decides the dates; see batchBody).
    const batches = picks.map(({ pick, label }) => ({
      label,
      tasks: pickBatchTasks(board.dbPath, BATCH_SIZE, pick),
      service: new BatchRunner(service.url, jsonHeaders, BATCH_SIZE),
      bare: undefined as BatchRunner | undefined,
      sent: 0,
      bodyBytes: 0,
      replyBytes: 0,
    }))
    const nextBody = (batch: { tasks: BatchTask[]; sent: number; bodyBytes: number }) => {
      const body = batchBody(batch.tasks, ++batch.sent)
      batch.bodyBytes = Buffer.byteLength(body)
      return body
    }
    for (const batch of batches) {
      const reply = await batch.service.run(nextBody(batch), false)
      const problem = batchProblem(200, reply, BATCH_SIZE)
      if (problem) throw new Error(`batch update (${batch.label}): ${problem}`)
      batch.replyBytes = reply.length
      replies.put = reply.toString('base64')
    }
    const repliesPath = join(tmp, 'bare-replies.json')
    writeFileSync(repliesPath, JSON.stringify(replies))

    // The probe's preload brings tsx, which the bare server (TypeScript) needs anyway.
    const bare = await startServer('bare server', ['bench/server/bare-server.ts', repliesPath], {
      probeFile: probeFiles.bare,
    })
    stops.push(bare.stop)
    log(`Bare server at ${bare.url} (pid ${bare.pid}).`)
    const check = await send(bare.url + paths[0], 'GET', headers)
    if (check.body.toString('base64') !== replies.list[paths[0] as string])
      throw new Error('the bare server does not send the service bytes')
    servers = { service, bare }

    log('Warming up both servers (2 s each at the target rate, list and filter mix).')
    for (const server of [service, bare]) {
      for (const warm of [paths, mix]) {
        await autocannonList({
          url: server.url,
          headers,
          paths: warm,
          connections: CONNECTIONS,
          seconds: 2,
          rate: LIST_RATE,
        })
      }
    }
    for (const batch of batches) {
      batch.bare = new BatchRunner(bare.url, jsonHeaders, BATCH_SIZE)
      for (let i = 0; i < 2; i += 1) {
        const body = nextBody(batch)
        await batch.service.run(body, false)
        await batch.bare.run(body, false)
      }
    }

    dbSizes.push({
      label: 'after start-up and warm-up (3 batch updates per selection)',
      size: dbSize(board.dbPath),
    })

    log('Filters one request at a time (each query 3 times):')
    const single: Pair<number[]>[] = []
    for (const [i, kind] of kinds.entries()) {
      const kindPathsOf = kindPaths[i] as string[]
      const times = {
        service: await oneAtATime(service.url, headers, kindPathsOf),
        bare: await oneAtATime(bare.url, headers, kindPathsOf),
      }
      single.push(times)
      log(
        `  ${kind.name}: service ${median(times.service).toFixed(2)} ms, bare ${median(times.bare).toFixed(2)} ms (medians)`,
      )
    }

    const list = { url: '', headers, paths, connections: CONNECTIONS, seconds }
    log(`List at ${LIST_RATE} req/s, autocannon (${CONNECTIONS} connections, ${seconds} s):`)
    const fixed = await alternate('autocannon', servers, (s) =>
      autocannonList({ ...list, url: s.url, rate: LIST_RATE }),
    )
    log(`List at ${LIST_RATE} req/s, paced open loop (${seconds} s):`)
    const paced = await alternate('paced', servers, (s) =>
      pacedList({ ...list, url: s.url, rate: LIST_RATE }),
    )
    log(`List, unlimited rate (autocannon, ${CONNECTIONS} connections, ${maxSeconds} s):`)
    const unlimited = await alternate('unlimited', servers, (s) =>
      autocannonList({ ...list, url: s.url, seconds: maxSeconds }),
    )

    log(
      `Filters, each kind alone at ${LIST_RATE} req/s, paced open loop (${filterSeconds} s, ${filterRuns} run(s)):`,
    )
    const filterRunsMeasured: FilterRun[] = []
    for (const [i, kind] of kinds.entries()) {
      const kindList = { ...list, paths: kindPaths[i] as string[], seconds: filterSeconds }
      const m = await alternate(
        kind.name,
        servers,
        (s) => pacedList({ ...kindList, url: s.url, rate: LIST_RATE }),
        filterRuns,
      )
      filterRunsMeasured.push({
        name: kind.name,
        example: kind.queries[0] as string,
        ...(kindReplies[i] as { tasks: number[]; bytes: number[] }),
        single: {
          service: median(single[i]?.service ?? []),
          bare: median(single[i]?.bare ?? []),
        },
        ...m,
      })
    }
    log(
      `Filter mix: ${kinds.length} kinds in rotation at ${LIST_RATE} req/s, paced (${seconds} s):`,
    )
    const mixed = await alternate('mix', servers, (s) =>
      pacedList({ ...list, paths: mix, url: s.url, rate: LIST_RATE }),
    )
    dbSizes.push({
      label: 'after the list and filter runs (reads only)',
      size: dbSize(board.dbPath),
    })

    log(`Batch update of ${BATCH_SIZE} tasks, ${batchRuns} runs each, alternating:`)
    await Promise.all([service.probe?.start('batches'), bare.probe?.start('batches')])
    for (let i = 0; i < batchRuns; i += 1) {
      for (const batch of batches) {
        const body = nextBody(batch)
        await batch.service.run(body)
        await batch.bare?.run(body)
        log(
          `  batch ${i + 1}/${batchRuns} (${batch.label}): service ${batch.service.times.at(-1)?.toFixed(1)} ms, bare ${batch.bare?.times.at(-1)?.toFixed(1)} ms`,
        )
      }
    }
    const batchLoop: Pair<LoopDelay> = {
      service: (await service.probe?.stop('batches')) ?? NO_DELAY,
      bare: (await bare.probe?.stop('batches')) ?? NO_DELAY,
    }
    const batchFigures: BatchVariant[] = []
    for (const batch of batches) {
      // Odd bodies moved the dates; leave the board as seeded.
      if (batch.sent % 2 === 1) await batch.service.run(nextBody(batch), false)
      batch.service.close()
      batch.bare?.close()
      batchFigures.push({
        label: batch.label,
        service: batch.service.figures(),
        bare: batch.bare?.figures() ?? batch.service.figures(),
        bodyBytes: batch.bodyBytes,
        replyBytes: batch.replyBytes,
      })
    }
    dbSizes.push({ label: 'after the batch updates (service running)', size: dbSize(board.dbPath) })

    measured = {
      command: `npm run bench:server${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
      date: new Date().toISOString().slice(0, 10),
      code,
      machine: cpus()[0]?.model.trim() ?? 'unknown CPU',
      cores: cpus().length,
      node: process.version,
      loadBefore,
      tasks: TASKS,
      seededSeconds: board.seededSeconds,
      seededOn: board.seededOn,
      reused: board.reused,
      runs,
      seconds,
      maxSeconds,
      connections: CONNECTIONS,
      queries: { count: paths.length, tasks: taskCounts, bytes: byteCounts },
      fixed: fixed.load,
      paced: paced.load,
      unlimited: unlimited.load,
      filters: {
        seconds: filterSeconds,
        runs: filterRuns,
        kinds: filterRunsMeasured,
        mix: {
          ...mixed,
          distinct: new Set(mix).size,
          single: {
            service: median(single.flatMap((t) => t.service)),
            bare: median(single.flatMap((t) => t.bare)),
          },
        },
      },
      batchSize: BATCH_SIZE,
      batches: batchFigures,
      loop: {
        fixed: fixed.loop,
        paced: paced.loop,
        unlimited: unlimited.loop,
        batches: batchLoop,
      },
    }
  } finally {
    for (const stop of stops.reverse()) await stop()
  }
  clearInterval(sampler)
  dbSizes.push({ label: 'after the service closed', size: dbSize(board.dbPath) })
  const report = renderReport({
    ...measured,
    loadAfter: loadavg()[0] ?? 0,
    loadDuring,
    dbSizes,
    loop: {
      ...measured.loop,
      whole: {
        service: servers.service.probe?.written()?.whole,
        bare: servers.bare.probe?.written()?.whole,
      },
    },
  })
  process.stdout.write(`\n${report}`)
  if (options.write) log(`\nWrote ${await writeSection(report)}.`)
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:server failed: ${(error as Error)?.stack ?? String(error)}\n`)
  process.exit(1)
})
