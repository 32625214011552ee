// Would a new finish-to-start dependency close a loop? The board refuses such a dependency
// (CYCLE_DETECTED) without saying where the loop runs; the planner finds the path itself, so it
// can name the tasks before anything is sent ("APP-9 → APP-4 → APP-3"). Pure: ids in, ids out.

/** The two ends of a dependency, as the interface names them. */
export interface DependencyEnds {
  predecessorId: string
  successorId: string
}

/**
 * The shortest chain of existing dependencies that leads from `successorId` back to
 * `predecessorId` (both included), so that the new edge predecessor -> successor would close
 * it into a loop; undefined when there is none. A task depending on itself is a loop of one
 * task: [id].
 *
 * Breadth-first over the successors of each task, so the chain named is the shortest one and
 * the walk is linear in the dependencies (boards have thousands).
 */
export function loopPath(
  dependencies: readonly DependencyEnds[],
  predecessorId: string,
  successorId: string,
): string[] | undefined {
  if (predecessorId === successorId) return [predecessorId]
  const next = new Map<string, string[]>()
  for (const dep of dependencies) {
    const list = next.get(dep.predecessorId)
    if (list) list.push(dep.successorId)
    else next.set(dep.predecessorId, [dep.successorId])
  }
  // Where each reached task was reached from: the chain is read back from the end.
  const cameFrom = new Map<string, string | null>([[successorId, null]])
  let frontier = [successorId]
  while (frontier.length > 0) {
    const following: string[] = []
    for (const id of frontier) {
      for (const to of next.get(id) ?? []) {
        if (cameFrom.has(to)) continue
        cameFrom.set(to, id)
        if (to === predecessorId) return chainTo(cameFrom, to)
        following.push(to)
      }
    }
    frontier = following
  }
  return undefined
}

function chainTo(cameFrom: ReadonlyMap<string, string | null>, end: string): string[] {
  const chain: string[] = []
  for (let id: string | null = end; id !== null; id = cameFrom.get(id) ?? null) chain.push(id)
  return chain.reverse()
}
