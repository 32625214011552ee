// Where the planner's main thread spends a refresh, from a V8 CPU profile of it: self time
// grouped by the part of the code it ran in, and the hottest functions. Sampled, so small parts
// are approximate, and time the thread spent waiting off the CPU lands on whatever it resumed in.

export interface CpuProfile {
  nodes: { id: number; callFrame: { url: string; functionName: string } }[]
  samples?: number[]
  timeDeltas?: number[]
}

export interface ProfileSummary {
  /** Milliseconds per part of the code, largest first. */
  parts: [string, number][]
  /** The functions with the most self time, in milliseconds. */
  hottest: [string, number][]
}

/** Our folders by name, packages by name, the rest as Node, GC, idle or native. */
function partOf(url: string, functionName: string): string {
  const ours = /\/(src-main|src-server|src-shared)\/([^/?]+)/.exec(url)
  if (ours) return ours[2]!.endsWith('.ts') ? ours[1]! : `${ours[1]}/${ours[2]}`
  const pkg = /\/node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return `${pkg[1]} (package)`
  if (url.startsWith('node:')) return 'Node built-ins'
  if (functionName === '(idle)') return 'idle (waiting)'
  if (functionName === '(garbage collector)') return 'garbage collector'
  return 'native (JSON, sockets...)'
}

/** A function as `name (file)`, the file without its folders or tsx's query. */
function functionOf(url: string, functionName: string): string {
  const file = url.split('/').at(-1)?.split('?')[0] ?? ''
  return `${functionName || '(anonymous)'} (${file})`
}

export function summariseProfile(profile: CpuProfile, top = 6): ProfileSummary {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]))
  const parts = new Map<string, number>()
  const functions = new Map<string, number>()
  const add = (totals: Map<string, number>, key: string, ms: number) =>
    totals.set(key, (totals.get(key) ?? 0) + ms)
  const deltas = profile.timeDeltas ?? []
  ;(profile.samples ?? []).forEach((id, i) => {
    const frame = frames.get(id) ?? { url: '', functionName: '' }
    const ms = (deltas[i] ?? 0) / 1000
    add(parts, partOf(frame.url, frame.functionName), ms)
    if (frame.url !== '') add(functions, functionOf(frame.url, frame.functionName), ms)
  })
  const largest = (totals: Map<string, number>) => [...totals].sort((a, b) => b[1] - a[1])
  return { parts: largest(parts), hottest: largest(functions).slice(0, top) }
}
