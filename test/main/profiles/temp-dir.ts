// A fresh user-data folder per test, removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'

export function useTempDir(): () => string {
  let dir: string | null = null
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
    dir = null
  })
  return () => (dir ??= mkdtempSync(join(tmpdir(), 'taskboard-userdata-')))
}
