// `npm start` where Electron's binary cannot be downloaded: one sentence saying what is missing
// and that `npm run web` runs the same planner, and a failing exit code; never a stack trace.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
const installed = existsSync(join(ROOT, 'node_modules/electron/path.txt'))

// With Electron really installed, npm start would open the app: nothing to check here.
it.skipIf(installed)('explains a missing Electron binary in one sentence', async () => {
  const run = promisify(execFile)
  const failure = await run(process.execPath, [join(ROOT, 'scripts/start-desktop.mjs')], {
    cwd: ROOT,
    // A mirror that refuses connections: the download fails at once, as it does offline.
    env: { ...process.env, ELECTRON_MIRROR: 'http://127.0.0.1:9/' },
  }).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  )
  expect(failure?.code).toBe(1)
  const lines = failure!.stderr.trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^npm start needs Electron's own binary, which could not be downloaded/)
  expect(lines[0]).toContain('`npm run web` runs the same planner')
})
