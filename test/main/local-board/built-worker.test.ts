// The Electron build: electron-vite bundles main into out/main/index.js and the local board's
// worker into its own entry beside it, which index.js loads by file name. Needs `npm run build`
// first (npm test builds).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { spawnLocalBoard } from '../../../src-main/local-board/local-board'

const OUT_MAIN = new URL('../../../out/main/', import.meta.url)
const dir = mkdtempSync(join(tmpdir(), 'tb-built-worker-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the built local board worker', () => {
  it('is an entry beside index.js, which names it', () => {
    const index = fileURLToPath(new URL('index.js', OUT_MAIN))
    expect(existsSync(index), 'run `npm run build` first').toBe(true)
    expect(readFileSync(index, 'utf8')).toContain('"./local-board-worker.js"')
    expect(existsSync(fileURLToPath(new URL('local-board-worker.js', OUT_MAIN)))).toBe(true)
  })

  it('serves the board from the bundle, with no TypeScript loader', async () => {
    const board = await spawnLocalBoard(new URL('local-board-worker.js', OUT_MAIN), {
      dataDir: dir,
      seedTasks: 30,
    })
    try {
      const response = await fetch(`${board.url}/api/v1/tasks?projectKey=OPS`, {
        headers: { authorization: `Bearer ${board.apiKey}` },
      })
      expect(response.status).toBe(200)
      expect(((await response.json()) as { tasks: unknown[] }).tasks.length).toBeGreaterThan(0)
    } finally {
      await board.close()
    }
  })
})
