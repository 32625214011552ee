// Main's services as the app composes them, in a throwaway user-data folder, on the embedded local
// board seeded with a given number of tasks, driven through the IPC router as the renderer drives
// them. For tests that need nothing else of the setup (keys kept in memory, events dropped).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createIpcRouter } from '../../src-main/ipc/ipc-router'
import type { IpcRouter } from '../../src-main/ipc/ipc-router'
import { MemorySecretStore } from '../../src-main/secrets/memory-secret-store'
import { createPlannerServices } from '../../src-main/services/planner-services'
import type {
  PlannerServices,
  PlannerServicesOptions,
} from '../../src-main/services/planner-services'
import { startSwitchableProxy } from './switchable-proxy'
import type { SwitchableProxy } from './switchable-proxy'

export interface ServicesUnderTest {
  /** The user-data folder. */
  dir: string
  services: PlannerServices
  router: IpcRouter
  /**
   * The local board at an address of its own (a proxy in front of it): with the local board's
   * key it is "another board" the user added, not a copy of the local profile, which the
   * planner refuses.
   */
  otherAddress(): Promise<string>
  /** One IPC call as the renderer makes it; an error value throws, naming the channel. */
  call<T>(channel: string, payload?: unknown): Promise<T>
  /** Closes the services and removes the folder. */
  close(): Promise<void>
}

/**
 * `prefix` names the temp folder; `localBoardTasks` seeds the embedded board; `before` prepares
 * the folder before the services open it (a file left by an earlier run, a damaged one).
 */
export async function startServices(
  prefix: string,
  localBoardTasks: number,
  options: {
    before?: (dir: string) => void
    /** The edit sender's timings (a test of waiting edits retries sooner than the app). */
    edits?: PlannerServicesOptions['edits']
    /** The keychain (a test that watches its reads); kept in memory when not given. */
    secretStore?: PlannerServicesOptions['secretStore']
  } = {},
): Promise<ServicesUnderTest> {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  options.before?.(dir)
  const services = await createPlannerServices({
    userDataDir: dir,
    secretStore: options.secretStore ?? new MemorySecretStore(),
    emit: () => {},
    localBoardTasks,
    log: () => {},
    ...(options.edits ? { edits: options.edits } : {}),
  })
  const router = createIpcRouter(services.handlers)
  const proxies: SwitchableProxy[] = []
  return {
    dir,
    services,
    router,
    async otherAddress() {
      const proxy = await startSwitchableProxy(services.localBoard!.url)
      proxies.push(proxy)
      return proxy.url
    },
    async call<T>(channel: string, payload?: unknown): Promise<T> {
      const result = await router.dispatch(channel, payload, true)
      if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
      return result.value as T
    },
    async close() {
      for (const proxy of proxies) await proxy.close()
      await services.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
