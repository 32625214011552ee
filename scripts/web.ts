// `npm run web`: browser mode. Main runs from source (tsx), so only the renderer is built, and
// only when it is out of date: a source of it (src-renderer, src-shared), its config or the
// installed packages changed since the last build. Then the planner starts (src-main/web/main.ts
// reads the same command-line arguments).
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'

const ROOT = resolve(import.meta.dirname, '..')

/** Files and folders whose change makes the built renderer out of date. */
export const RENDERER_INPUTS = [
  'src-renderer',
  'src-shared',
  'vite.renderer.config.ts',
  'package-lock.json',
].map((path) => join(ROOT, path))

/** The newest modification time under `paths` (folders walked), 0 when none exists. */
export function newestChange(paths: readonly string[]): number {
  let newest = 0
  const visit = (path: string) => {
    const stat = statSync(path, { throwIfNoEntry: false })
    if (!stat) return
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry))
    else newest = Math.max(newest, stat.mtimeMs)
  }
  paths.forEach(visit)
  return newest
}

/** Whether the build at `builtIndex` is missing or older than any of `inputs`. */
export function rendererIsStale(builtIndex: string, inputs: readonly string[]): boolean {
  if (!existsSync(builtIndex)) return true
  return newestChange(inputs) > statSync(builtIndex).mtimeMs
}

async function main(): Promise<void> {
  const { default: rendererConfig, RENDERER_OUT } = await import('../vite.renderer.config')
  if (rendererIsStale(join(RENDERER_OUT, 'index.html'), RENDERER_INPUTS)) {
    const started = performance.now()
    console.log('Building the renderer (its sources changed since the last build)…')
    const { build } = await import('vite')
    await build({ ...rendererConfig, logLevel: 'warn' })
    console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`)
  }
  await import('../src-main/web/main')
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) void main()
