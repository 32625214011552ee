// Browser mode's start (issue 9): how long `npm run web` takes until the planner's page shows its
// first bars, the old way (electron-vite build of main, preload and renderer on every start)
// against now (scripts/web.ts: the renderer alone, only when out of date), with the renderer up
// to date and just changed; and the renderer bundle's size, electron-vite's default (unminified)
// against the shared renderer config. Medians of --runs; prints a markdown section, --write puts
// it into docs/benchmarks.md. Not a test: it exits 0 whatever the figures.
//
//   node --import tsx bench/web-start/run.ts [--write] [--runs 3]
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/support/chromium'
import { writeDocSection } from '../doc-section'

const ROOT = resolve(import.meta.dirname, '../..')
const HEADING = '## Browser mode start and renderer bundle (issue 9)'
const { values } = parseArgs({
  options: { write: { type: 'boolean', default: false }, runs: { type: 'string', default: '3' } },
})
const runs = Number(values.runs)
const log = (line: string) => process.stderr.write(`${line}\n`)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number

/** Seconds from the command's start to the first bar drawn in Chromium. */
async function toFirstBars(command: string[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'tb-web-start-'))
  const started = performance.now()
  const child = spawn(
    command[0] as string,
    [...command.slice(1), '--memory-keychain', '--user-data', dir, '--local-tasks', '300'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'], detached: true },
  )
  try {
    const url = await new Promise<string>((done, fail) => {
      let out = ''
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const match = /browser mode\) at (\S+)/.exec(out)
        if (match) done(match[1] as string)
      })
      child.once('exit', (code) => fail(new Error(`exited ${code}: ${out}`)))
    })
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    })
    try {
      const page = await browser.newPage()
      await page.goto(url)
      await page.waitForSelector('.tb-bar[data-task-id]', { timeout: 60_000 })
      return (performance.now() - started) / 1000
    } finally {
      await browser.close()
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM')
    await new Promise((done) => child.once('exit', done))
    rmSync(dir, { recursive: true, force: true })
  }
}

function bundleKb(): number {
  const assets = join(ROOT, 'out/renderer/assets')
  const js = readdirSync(assets).filter((f) => f.endsWith('.js'))
  return js.reduce((sum, f) => sum + statSync(join(assets, f)).size, 0) / 1024
}

const touch = () => {
  const now = new Date()
  utimesSync(join(ROOT, 'src-renderer/main.tsx'), now, now)
}
const npx = (...args: string[]) => execFileSync('npx', args, { cwd: ROOT, stdio: 'ignore' })

const loadBefore = loadavg()[0] as number
const figures: Record<string, number[]> = { old: [], fresh: [], changed: [] }
for (let i = 0; i < runs; i += 1) {
  figures.old!.push(
    await toFirstBars([
      'sh',
      '-c',
      'npx electron-vite build >/dev/null 2>&1 && exec node --import tsx src-main/web/main.ts "$@"',
      'sh',
    ]),
  )
  touch()
  figures.changed!.push(await toFirstBars(['node', '--import', 'tsx', 'scripts/web.ts']))
  figures.fresh!.push(await toFirstBars(['node', '--import', 'tsx', 'scripts/web.ts']))
  log(
    `run ${i + 1}: ${Object.entries(figures)
      .map(([k, v]) => `${k} ${v.at(-1)!.toFixed(1)} s`)
      .join(', ')}`,
  )
}
// The bundle: electron-vite's default renderer build (unminified) against the shared config.
npx(
  'vite',
  'build',
  '--config',
  'vite.renderer.config.ts',
  '--minify',
  'false',
  '--logLevel',
  'silent',
)
const unminified = bundleKb()
npx('vite', 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'silent')
const minified = bundleKb()

const f = (s: number) => `${s.toFixed(1)} s`
const section = `${HEADING}

Command: \`node --import tsx bench/web-start/run.ts --write\` (${new Date().toISOString().slice(0, 10)}). Machine: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, Node ${process.version}; load average ${loadBefore.toFixed(2)} before and ${(loadavg()[0] as number).toFixed(2)} after. Time from the command's start until Chromium shows the first bar of the demo board (300 tasks, fresh user-data folder), median of ${runs} runs.

| How browser mode starts | First bars (median) | Runs |
| --- | ---: | --- |
| before: \`electron-vite build\` (main, preload, renderer) on every start | ${f(median(figures.old!))} | ${figures.old!.map(f).join(', ')} |
| now, a renderer source just changed: the renderer alone is built | ${f(median(figures.changed!))} | ${figures.changed!.map(f).join(', ')} |
| now, the renderer up to date: no build | ${f(median(figures.fresh!))} | ${figures.fresh!.map(f).join(', ')} |

Renderer JavaScript: ${Math.round(unminified)} kB unminified (electron-vite's default for the renderer, what the desktop app and browser mode shipped before) against ${Math.round(minified)} kB minified with \`vite.renderer.config.ts\`. Of the minified bundle, by source map: react-dom 205 kB, zod 91 kB (the shared schemas the renderer validates with; no locales are bundled), frappe-gantt 47 kB, the planner's own code about 90 kB.
`
process.stdout.write(`${section}\n`)
if (values.write) log(`wrote ${await writeDocSection(HEADING, section)}`)
