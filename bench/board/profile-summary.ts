// Where the planner's main thread spends a refresh, from a V8 CPU profile of it: self time
// grouped by the part of the code it ran in. Sampled, so small parts are approximate, and time
// the thread spent waiting off the CPU lands on whatever it resumed in.

export interface CpuProfile {
  nodes: { id: number; callFrame: { url: string; functionName: string } }[]
  samples?: number[]
  timeDeltas?: number[]
}

/** Our folders by name, packages by name, the rest as Node, GC, idle or other. */
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

/** Milliseconds per part, largest first. */
export function summariseProfile(profile: CpuProfile): [string, number][] {
  const parts = new Map(
    profile.nodes.map((n) => [n.id, partOf(n.callFrame.url, n.callFrame.functionName)]),
  )
  const totals = new Map<string, number>()
  const deltas = profile.timeDeltas ?? []
  ;(profile.samples ?? []).forEach((id, i) => {
    const part = parts.get(id) ?? 'native (JSON, sockets...)'
    totals.set(part, (totals.get(part) ?? 0) + (deltas[i] ?? 0) / 1000)
  })
  return [...totals].sort((a, b) => b[1] - a[1])
}
