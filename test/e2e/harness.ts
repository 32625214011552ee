// End-to-end harness: the planner in browser mode (the real entry, `src-main/web/main.ts`) on a
// fresh user-data folder with the local demo board, driven in Debian's Chromium by playwright-core.
// Screenshots of the main states are kept under test-results/e2e/ as artefacts.
import { spawn } from 'node:child_process'
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
  close(): Promise<void>
}

export async function startPlanner(options: { localTasks?: number } = {}): Promise<Planner> {
  const userData = mkdtempSync(join(tmpdir(), 'tb-e2e-'))
  const args = [
    '--import',
    'tsx',
    join(ROOT, 'src-main/web/main.ts'),
    '--memory-keychain',
    '--user-data',
    userData,
  ]
  args.push('--local-tasks', String(options.localTasks ?? 60))
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /browser mode\) at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`npm run web exited early (${code}): ${out}`)))
  })
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  })
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  mkdirSync(ARTEFACTS, { recursive: true })
  return {
    url,
    browser,
    page,
    userData,
    async screenshot(name) {
      await page.screenshot({ path: join(ARTEFACTS, `${name}.png`) })
    },
    async close() {
      await browser.close().catch(() => undefined)
      child.kill('SIGTERM')
      await new Promise((resolve) => {
        if (child.exitCode !== null) resolve(undefined)
        else child.once('exit', resolve)
      })
      rmSync(userData, { recursive: true, force: true })
    },
  }
}
