// The app-path bench's instruments (app-path.ts): a CPU profile or a Chromium trace of one
// scenario, written to the temp folder for a closer look in DevTools.
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

/** Runs `work` under an instrument when `on`, naming what it writes after `name`; logs with `log`. */
type Instrument = <T>(
  on: boolean,
  page: Page,
  name: string,
  work: () => Promise<T>,
  log: (line: string) => void,
) => Promise<T>

/** --profile: a CPU profile of `work`, written to the temp folder, its heaviest functions (self time) logged. */
export const profiled: Instrument = async (on, page, name, work, log) => {
  if (!on) return work()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  const result = await work()
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }
  }
  await cdp.detach()
  // Kept whole for a closer look (Chromium's DevTools opens it; so does any .cpuprofile viewer).
  const file = join(tmpdir(), `app-path-${name.replace(/\W+/g, '-')}.cpuprofile`)
  writeFileSync(file, JSON.stringify(profile))
  log(`profile ${name}: written to ${file}`)
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  )
  const byName = new Map<string, number>()
  for (const node of profile.nodes) {
    const f = node.callFrame
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
    byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0))
  }
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25)
  log(`profile ${name}:`)
  for (const [key, us] of top) log(`  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`)
  return result
}

/** --trace: a Chromium performance trace of `work`, written to the temp folder for DevTools' Performance panel. */
export const traced: Instrument = async (on, page, name, work, log) => {
  const browser = page.context().browser()
  if (!on || !browser) return work()
  const file = join(tmpdir(), `app-path-${name.replace(/\W+/g, '-')}.trace.json`)
  await browser.startTracing(page, {
    path: file,
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
      'blink',
      'cc',
      'gpu',
      'viz',
      'v8.execute',
    ],
  })
  try {
    return await work()
  } finally {
    await browser.stopTracing()
    log(`trace ${name}: written to ${file}`)
  }
}
