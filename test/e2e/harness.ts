// End-to-end harness: the planner in browser mode (the real entry, `src-main/web/main.ts`) on a
// fresh user-data folder with the local demo board, driven in Debian's Chromium by playwright-core.
// Screenshots of the main states are kept under test-results/e2e/ as artefacts.
import { spawn, spawnSync } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import type { Browser, Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium'

const ROOT = join(import.meta.dirname, '../..')
export const ARTEFACTS = join(ROOT, 'test-results', 'e2e')

export interface Planner {
  url: string
  browser: Browser
  page: Page
  /** The planner's user-data folder (its local board's database lives under it). */
  userData: string
  screenshot(name: string): Promise<void>
  /** Stops the planner and starts it again on the same user-data folder; the page reloads. */
  restart(): Promise<void>
  close(): Promise<void>
}

export interface PlannerOptions {
  localTasks?: number
  /**
   * Where the planner keeps API keys. 'memory' (default): for this run only. 'private': the
   * system keychain of a private D-Bus session with its own gnome-keyring, in a folder of the
   * test's, so keys survive restart() and the machine's own keychain is never touched (see
   * privateKeychainReason for when it cannot run).
   */
  keychain?: 'memory' | 'private'
}

export async function startPlanner(options: PlannerOptions = {}): Promise<Planner> {
  const userData = mkdtempSync(join(tmpdir(), 'tb-e2e-'))
  const keyring = options.keychain === 'private' ? privateKeyring() : undefined
  const spawnOne = () => spawnPlanner(userData, options.localTasks ?? 60, keyring)
  let process_ = await spawnOne()
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  })
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  mkdirSync(ARTEFACTS, { recursive: true })
  const planner: Planner = {
    url: process_.url,
    browser,
    page,
    userData,
    async screenshot(name) {
      await page.screenshot({ path: join(ARTEFACTS, `${name}.png`) })
    },
    async restart() {
      await stop(process_.child)
      process_ = await spawnOne()
      planner.url = process_.url
      await page.goto(planner.url)
    },
    async close() {
      await browser.close().catch(() => undefined)
      await stop(process_.child)
      rmSync(userData, { recursive: true, force: true })
      if (keyring) rmSync(keyring.dir, { recursive: true, force: true })
    },
  }
  return planner
}

interface PrivateKeyring {
  dir: string
  env: NodeJS.ProcessEnv
}

/** Why a private keychain cannot run here (undefined: it can). */
export function privateKeychainReason(): string | undefined {
  for (const tool of ['dbus-run-session', 'gnome-keyring-daemon']) {
    const found = spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0
    if (!found) return `${tool} is not installed (apt install dbus gnome-keyring)`
  }
  return undefined
}

function privateKeyring(): PrivateKeyring {
  const dir = mkdtempSync(join(tmpdir(), 'tb-e2e-keyring-'))
  mkdirSync(join(dir, 'data'), { recursive: true, mode: 0o700 })
  mkdirSync(join(dir, 'run'), { recursive: true, mode: 0o700 })
  return {
    dir,
    env: { ...process.env, XDG_DATA_HOME: join(dir, 'data'), XDG_RUNTIME_DIR: join(dir, 'run') },
  }
}

/** Browser mode (the real entry) on `userData`; resolves once it says where it listens. */
async function spawnPlanner(
  userData: string,
  localTasks: number,
  keyring: PrivateKeyring | undefined,
): Promise<{ child: ChildProcess; url: string }> {
  const node = [
    process.execPath,
    '--import',
    'tsx',
    join(ROOT, 'src-main/web/main.ts'),
    ...(keyring ? [] : ['--memory-keychain']),
    '--user-data',
    userData,
    '--local-tasks',
    String(localTasks),
  ]
  // With a private keychain: a D-Bus session of its own, whose gnome-keyring unlocks (or first
  // creates) the login keyring kept in the test's folder, then the planner inside it.
  const [command, ...args] = keyring
    ? [
        'dbus-run-session',
        '--',
        'sh',
        '-c',
        'printf %s e2e-keyring-pass | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"',
        'sh',
        ...node,
      ]
    : node
  const child: ChildProcess = spawn(command!, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: keyring?.env ?? process.env,
    // Its own process group: stop() ends the session, the keyring daemon and the planner.
    detached: true,
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /browser mode\) at (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(out)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`npm run web exited early (${code}): ${out}`)))
  })
  return { child, url }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  // The whole group: the planner (and, with a private keychain, its D-Bus session and daemon).
  process.kill(-child.pid!, 'SIGTERM')
  await exited
  // The planner itself may outlive the session's shell by a moment: wait for the group to go.
  for (let i = 0; i < 100; i += 1) {
    try {
      process.kill(-child.pid!, 0)
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
