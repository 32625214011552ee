// Server benchmark (issue A): GET /api/v1/tasks with 3 filters on a 100,000-task board and a
// 500-task batch update, against the board service and, side by side, a bare Node HTTP server
// returning the same bytes. Prints a markdown report; --write puts it in docs/benchmarks.md.
// Not a test: it exits 0 whatever the figures (non-zero only if it crashes).
//
//   npm run bench:server -- [--write] [--fresh] [--runs 3] [--seconds 10] [--quick]
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { BatchRunner, batchBody, batchProblem } from './batch'
import { createKey, pickBatchTasks, prepareBoard, TASKS } from './board'
import type { BatchPick, BatchTask } from './board'
import type { BareReplies } from './bare-server'
import { ROOT, startServer } from './children'
import type { Server } from './children'
import { autocannonList, pacedList, send } from './load'
import type { LoadFigures } from './load'
import { listPaths } from './queries'
import { LIST_RATE, renderReport, writeSection } from './report'
import type { BatchVariant, Pair } from './report'
import { medianOf } from './stats'

const BATCH_SIZE = 500
const BATCH_RUNS = 15
const CONNECTIONS = 10

const { values: options } = parseArgs({
  options: {
    write: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    seconds: { type: 'string' },
  },
})
const runs = Number(options.runs ?? (options.quick ? 1 : 3))
const seconds = Number(options.seconds ?? (options.quick ? 3 : 10))
const maxSeconds = options.quick ? 2 : 5
const batchRuns = options.quick ? 3 : BATCH_RUNS
if (!(runs >= 1 && seconds >= 1)) throw new Error('--runs and --seconds must be at least 1')

const log = (line: string) => process.stderr.write(`${line}\n`)
const tmp = join(ROOT, '.bench-tmp')

/** The commit measured, and whether the service's code differs from it. */
function codeVersion(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim()
    const dirty = git('status', '--porcelain', '--', 'src-server', 'src-shared', 'bin') !== ''
    return `commit ${git('rev-parse', '--short', 'HEAD')}${dirty ? ' with uncommitted changes in the service code' : ''}`
  } catch {
    return 'unknown (not a git checkout)'
  }
}

/** Medians over runs, but errors and non-2xx summed. */
function combine(all: LoadFigures[]): LoadFigures {
  const m = medianOf(all)
  return {
    ...m,
    errors: all.reduce((n, f) => n + f.errors, 0),
    non2xx: all.reduce((n, f) => n + f.non2xx, 0),
  }
}

async function alternate(
  what: string,
  servers: Pair<Server>,
  measure: (server: Server) => Promise<LoadFigures>,
): Promise<Pair<LoadFigures>> {
  const results: Pair<LoadFigures[]> = { service: [], bare: [] }
  for (let run = 1; run <= runs; run += 1) {
    for (const side of ['service', 'bare'] as const) {
      const f = await measure(servers[side])
      results[side].push(f)
      log(
        `  ${what} run ${run}/${runs} ${side.padEnd(7)} p50 ${f.p50.toFixed(2)} p99 ${f.p99.toFixed(2)} max ${f.max.toFixed(1)} ms, ${f.reqPerSec.toFixed(0)} req/s, errors ${f.errors}, non-2xx ${f.non2xx}`,
      )
    }
  }
  return { service: combine(results.service), bare: combine(results.bare) }
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0
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

  const stops: (() => Promise<void>)[] = []
  try {
    const service = await startServer('board service', [
      'bin/taskboard.js',
      'serve',
      '--db',
      board.dbPath,
      '--port',
      '0',
    ])
    stops.push(service.stop)
    log(`Board service at ${service.url} (pid ${service.pid}).`)

    // The replies the bare server will send: the service's own bytes for each request.
    const replies: BareReplies = { list: {}, put: '' }
    const taskCounts: number[] = []
    const byteCounts: number[] = []
    for (const path of paths) {
      const reply = await send(service.url + path, 'GET', headers)
      if (reply.status !== 200) throw new Error(`GET ${path}: HTTP ${reply.status} ${reply.body}`)
      taskCounts.push((JSON.parse(reply.body.toString()) as { tasks: unknown[] }).tasks.length)
      byteCounts.push(reply.body.length)
      replies.list[path] = reply.body.toString('base64')
    }
    log(`List queries: ${paths.length}, tasks per reply ${taskCounts.join(' ')}.`)

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

    const bare = await startServer('bare server', [
      '--import',
      'tsx',
      'bench/server/bare-server.ts',
      repliesPath,
    ])
    stops.push(bare.stop)
    log(`Bare server at ${bare.url} (pid ${bare.pid}).`)
    const check = await send(bare.url + paths[0], 'GET', headers)
    if (check.body.toString('base64') !== replies.list[paths[0] as string])
      throw new Error('the bare server does not send the service bytes')
    const servers = { service, bare }

    log('Warming up both servers (2 s each at the target rate).')
    for (const server of [service, bare]) {
      await autocannonList({
        url: server.url,
        headers,
        paths,
        connections: CONNECTIONS,
        seconds: 2,
        rate: LIST_RATE,
      })
    }
    for (const batch of batches) {
      batch.bare = new BatchRunner(bare.url, jsonHeaders, BATCH_SIZE)
      for (let i = 0; i < 2; i += 1) {
        const body = nextBody(batch)
        await batch.service.run(body, false)
        await batch.bare.run(body, false)
      }
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

    log(`Batch update of ${BATCH_SIZE} tasks, ${batchRuns} runs each, alternating:`)
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

    const report = renderReport({
      command: `npm run bench:server${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
      date: new Date().toISOString().slice(0, 10),
      code,
      machine: cpus()[0]?.model.trim() ?? 'unknown CPU',
      cores: cpus().length,
      node: process.version,
      loadBefore,
      loadAfter: loadavg()[0] ?? 0,
      tasks: TASKS,
      seededSeconds: board.seededSeconds,
      seededOn: board.seededOn,
      reused: board.reused,
      runs,
      seconds,
      maxSeconds,
      connections: CONNECTIONS,
      queries: { count: paths.length, tasks: taskCounts, bytes: byteCounts },
      fixed,
      paced,
      unlimited,
      batchSize: BATCH_SIZE,
      batches: batchFigures,
    })
    process.stdout.write(`\n${report}`)
    if (options.write) log(`\nWrote ${await writeSection(report)}.`)
  } finally {
    for (const stop of stops.reverse()) await stop()
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:server failed: ${(error as Error)?.stack ?? String(error)}\n`)
  process.exit(1)
})
