// Browser mode's start-up, shared by `npm run web` (main.ts: the built renderer) and
// `npm run dev:web` (scripts/dev-web.ts: the renderer's sources through Vite, with hot reload).
// Both read the same command-line arguments and print the same lines.
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createIpcRouter } from '../ipc/ipc-router'
import { KeyringSecretStore } from '../secrets/keyring-secret-store'
import { MemorySecretStore } from '../secrets/memory-secret-store'
import { secretServiceName } from '../secrets/secret-store'
import type { SecretStore } from '../secrets/secret-store'
import { createPlannerServices } from '../services/planner-services'
import { lockDataDir } from './data-dir-lock'
import { startWebBridge } from './web-bridge'
import type { WebBridge, WebBridgeOptions } from './web-bridge'

export interface BrowserModeOptions {
  /** The command named in the usage message: `npm run web` or `npm run dev:web`. */
  command: string
  /** Passed to the bridge: the built renderer, or in dev mode the renderer's source folder. */
  rendererRoot: string
  /** Dev mode (see WebBridgeOptions.dev); absent for `npm run web`. */
  dev?: WebBridgeOptions['dev']
}

const usage = (command: string) =>
  `Usage: ${command} -- [--port <n>] [--user-data <dir>] [--memory-keychain] [--local-tasks <n>]

  --memory-keychain  keep API keys in memory only (nothing is saved; for tests and machines
                     without a system keychain)`

/**
 * The system keychain when it works. Without one (a server, a container) browser mode still
 * opens the local board: keys are then kept in memory for this run only, never on disk.
 */
async function chooseSecretStore(memoryOnly: boolean): Promise<SecretStore> {
  if (memoryOnly) return new MemorySecretStore()
  const keychain = new KeyringSecretStore(secretServiceName(false))
  const check = await keychain.check()
  if (check.ok) return keychain
  console.warn(
    `The system keychain is unavailable (${check.reason}); API keys are kept in memory for this run only.`,
  )
  return new MemorySecretStore()
}

/**
 * The data folder: `--user-data`, a relative one read from the folder the user ran npm in (npm
 * runs the script in the project's root and says where it was run in INIT_CWD: `npm run web --
 * --user-data ./boards` from another folder put the data under the project), else the default.
 */
export function userDataDirOf(
  given: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): string {
  if (given === undefined) return join(homedir(), '.taskboard-planner', 'browser-mode')
  // Only inside an npm script (npm_lifecycle_event): a shell started from one (`npm exec --
  // bash`, then cd) keeps an INIT_CWD that names another folder.
  const typedIn = env['npm_lifecycle_event'] !== undefined ? env['INIT_CWD'] : undefined
  return resolve(typedIn ?? cwd, given)
}

async function start(options: BrowserModeOptions): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'user-data': { type: 'string' },
      'memory-keychain': { type: 'boolean' },
      'local-tasks': { type: 'string' },
    },
    strict: true,
  })
  const port = values.port === undefined ? 0 : Number(values.port)
  const localTasks = values['local-tasks'] === undefined ? undefined : Number(values['local-tasks'])
  if (
    !Number.isInteger(port) ||
    port < 0 ||
    port > 65535 ||
    (localTasks !== undefined && !Number.isInteger(localTasks))
  ) {
    throw new Error(usage(options.command))
  }
  const userDataDir = userDataDirOf(values['user-data'])
  // Before anything reads or writes the folder: a second planner on it stops here, untouched.
  const lock = lockDataDir(userDataDir)
  process.once('exit', () => lock.release())
  const secretStore = await chooseSecretStore(values['memory-keychain'] === true)
  // Events raised before the bridge is up (the first replay) have no page to reach yet.
  const events: { bridge?: WebBridge } = {}
  const services = await createPlannerServices({
    userDataDir,
    secretStore,
    emit: (name, payload) => events.bridge?.emit(name, payload),
    ...(localTasks !== undefined ? { localBoardTasks: localTasks } : {}),
  })
  const bridge = await startWebBridge({
    router: createIpcRouter(services.handlers),
    rendererRoot: options.rendererRoot,
    port,
    ...(options.dev ? { dev: options.dev } : {}),
  })
  events.bridge = bridge
  console.log(`Taskboard Planner (browser mode) at ${bridge.pageUrl}`)
  const chosen = values['user-data'] === undefined ? ' (--user-data <dir> uses another)' : ''
  console.log(`Data folder: ${userDataDir}${chosen}`)
  const stop = () => {
    void bridge
      .close()
      .then(() => services.close())
      .finally(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

/** Starts browser mode with this process's arguments; a failure is one line and exit code 1. */
export function runBrowserMode(options: BrowserModeOptions): void {
  start(options).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
