// `npm run web` builds the renderer only when it is out of date (scripts/web.ts).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { rendererIsStale } from '../../scripts/web'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-web-script-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const at = (path: string, seconds: number) => {
  writeFileSync(path, 'x')
  utimesSync(path, seconds, seconds)
}

it('builds when there is no build, or a source under an input folder is newer', () => {
  const built = join(dir, 'index.html')
  mkdirSync(join(dir, 'src', 'deep'), { recursive: true })
  at(join(dir, 'src', 'deep', 'a.tsx'), 1_000)
  at(join(dir, 'config.ts'), 1_000)
  const inputs = [join(dir, 'src'), join(dir, 'config.ts'), join(dir, 'missing')]
  expect(rendererIsStale(built, inputs)).toBe(true)
  at(built, 2_000)
  expect(rendererIsStale(built, inputs)).toBe(false)
  at(join(dir, 'src', 'deep', 'a.tsx'), 3_000)
  expect(rendererIsStale(built, inputs)).toBe(true)
})
