// The planner's main process in browser mode, as `npm run web` composes it (the same services and
// HTTP bridge), started by refresh.ts as a child so that the refresh is timed from outside, the
// way the browser sees it, and the planner's own heap and event loop can be read on request.
// The services come from <planner root>, so that an older checkout can be measured the same way.
//
//   node --import tsx --expose-gc bench/board/planner-process.ts <planner root> <user-data> <tasks>
import { Session } from 'node:inspector/promises'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import type * as IpcRouterModule from '../../src-main/ipc/ipc-router'
import type * as SecretsModule from '../../src-main/secrets/memory-secret-store'
import type * as ServicesModule from '../../src-main/services/planner-services'
import type * as BridgeModule from '../../src-main/web/web-bridge'
import type { Sample, ToParent, ToPlanner } from './planner-messages'
import { summariseProfile } from './profile-summary'
import type { CpuProfile } from './profile-summary'

const [root, userDataDir, tasks] = process.argv.slice(2)
if (!root || !userDataDir || !tasks || !process.send) {
  throw new Error('Usage (from refresh.ts): planner-process.ts <planner root> <user-data> <tasks>')
}
const load = <T>(path: string): Promise<T> =>
  import(pathToFileURL(`${root}/src-main/${path}`).href) as Promise<T>
const { createIpcRouter } = await load<typeof IpcRouterModule>('ipc/ipc-router.ts')
const { MemorySecretStore } = await load<typeof SecretsModule>('secrets/memory-secret-store.ts')
const { createPlannerServices } = await load<typeof ServicesModule>('services/planner-services.ts')
const { startWebBridge } = await load<typeof BridgeModule>('web/web-bridge.ts')
const send = (message: ToParent) => process.send!(message)

// Peak heap while a refresh runs: sampled, so a peak between two samples can be missed.
let peak = { heapUsed: 0, rss: 0 }
const sampler = setInterval(() => {
  const { heapUsed, rss } = process.memoryUsage()
  peak = { heapUsed: Math.max(peak.heapUsed, heapUsed), rss: Math.max(peak.rss, rss) }
}, 20)
const loop = monitorEventLoopDelay({ resolution: 10 })

const startedAt = performance.now()
const services = await createPlannerServices({
  userDataDir,
  secretStore: new MemorySecretStore(),
  emit: () => {},
  localBoardTasks: Number(tasks),
})
const bridge = await startWebBridge({
  router: createIpcRouter(services.handlers),
  rendererRoot: userDataDir,
})
send({
  type: 'ready',
  url: bridge.url,
  token: bridge.token,
  startMs: performance.now() - startedAt,
})

// A CPU profile of this (main) thread over one refresh, when asked: it slows the refresh down,
// so refresh.ts asks only for an extra one after the timed runs.
const inspector = new Session()
inspector.connect()

process.on('message', async (message: ToPlanner) => {
  if (message.type === 'reset') {
    if (message.profile) {
      await inspector.post('Profiler.enable')
      await inspector.post('Profiler.start')
    }
    loop.reset()
    loop.enable()
    const { heapUsed, rss } = process.memoryUsage()
    peak = { heapUsed, rss }
    send({ type: 'reset' })
  } else if (message.type === 'sample') {
    loop.disable()
    const profile = message.profile
      ? summariseProfile(
          ((await inspector.post('Profiler.stop')) as { profile: CpuProfile }).profile,
        )
      : undefined
    const during = { ...peak }
    // What the planner keeps between refreshes: after a full collection.
    ;(globalThis as { gc?: () => void }).gc?.()
    const after = process.memoryUsage()
    const sample: Sample = {
      peakHeapUsed: during.heapUsed,
      peakRss: during.rss,
      heapUsedAfterGc: after.heapUsed,
      rssAfterGc: after.rss,
      loopDelayMaxMs: loop.max / 1e6,
      loopDelayP99Ms: loop.percentile(99) / 1e6,
      ...(profile ? { profile } : {}),
    }
    send({ type: 'sample', sample })
  } else {
    clearInterval(sampler)
    inspector.disconnect()
    void bridge
      .close()
      .then(() => services.close())
      .finally(() => process.exit(0))
  }
})
