// Links of an import that the board would refuse, found before anything is sent: it refuses them
// one by one after the tasks are made (SELF_REFERENCE, DUPLICATE, CYCLE_DETECTED), which the
// report then listed as failures of the import. Pure; linear in the links outside loops.
import type { PlanLink, PlanSkip } from './import-plan'

/** A link of the file with its predecessor named the same way for every link. */
export interface LinkCandidate extends PlanLink {
  /** The predecessor: a ref of the file, or a key for a task on the board (never a ref). */
  from: string
  /** The predecessor in words, for the reasons ("APP-3", "Design"). */
  name: string
}

/**
 * The links the board would take, in order. Each it would refuse goes to `skipped` with why: one
 * on a task itself, one a task already has (whatever its lag), one closing a loop of the links
 * before it.
 */
export function screenLinks(candidates: readonly LinkCandidate[], skipped: PlanSkip[]): PlanLink[] {
  const made = new Set<string>()
  const kept: LinkCandidate[] = []
  for (const link of candidates) {
    const pair = `${link.from}\u0000${link.successorRef}`
    if (link.from === link.successorRef)
      skipped.push({ source: link.label, reason: 'a task cannot depend on itself' })
    else if (made.has(pair))
      skipped.push({ source: link.label, reason: `it already depends on ${link.name}` })
    else {
      made.add(pair)
      kept.push(link)
    }
  }
  const closing = loopClosers(kept.map((link) => [link.from, link.successorRef]))
  const links: PlanLink[] = []
  kept.forEach(({ from: _from, name, ...link }, i) => {
    if (closing.has(i))
      skipped.push({
        source: link.label,
        reason: `it would make a loop of dependencies through ${name}`,
      })
    else links.push(link)
  })
  return links
}

/**
 * Which of `links` (from, to), taken in order, would close a loop of the ones before it: the
 * board refuses such a link (CYCLE_DETECTED). Only a link inside a strongly connected part of
 * the whole set can (a file of 20,000 rows chained child first took 38 s when every link
 * searched the links before it), so only those are searched, among the taken links of their
 * part. Loops through tasks already on the board are the board's to find.
 */
export function loopClosers(links: readonly (readonly [string, string])[]): Set<number> {
  const part = stronglyConnected(links)
  const closing = new Set<number>()
  const next = new Map<string, string[]>()
  links.forEach(([from, to], i) => {
    const p = part.get(from)
    if (p === undefined || p !== part.get(to)) return
    if (reaches(next, to, from)) {
      closing.add(i)
      return
    }
    const list = next.get(from)
    if (list) list.push(to)
    else next.set(from, [to])
  })
  return closing
}

function reaches(next: ReadonlyMap<string, string[]>, from: string, to: string): boolean {
  const seen = new Set([from])
  const queue = [from]
  for (let i = 0; i < queue.length; i++) {
    for (const n of next.get(queue[i]!) ?? []) {
      if (n === to) return true
      if (!seen.has(n)) {
        seen.add(n)
        queue.push(n)
      }
    }
  }
  return false
}

/**
 * The strongly connected parts of more than one node, by node (Kosaraju's two passes, without
 * recursion: a chain may be 20,000 rows long). Nodes on no loop are not in the map.
 */
function stronglyConnected(links: readonly (readonly [string, string])[]): Map<string, number> {
  const out = new Map<string, string[]>()
  const into = new Map<string, string[]>()
  for (const [from, to] of links) {
    for (const [map, a, b] of [
      [out, from, to],
      [into, to, from],
    ] as const) {
      const list = map.get(a)
      if (list) list.push(b)
      else map.set(a, [b])
    }
  }
  // First pass: nodes in the order their depth-first visit of `out` finishes.
  const finished: string[] = []
  const visited = new Set<string>()
  for (const start of out.keys()) {
    if (visited.has(start)) continue
    visited.add(start)
    const stack: [string, number][] = [[start, 0]]
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!
      const children = out.get(top[0]) ?? []
      if (top[1] < children.length) {
        const child = children[top[1]++]!
        if (!visited.has(child)) {
          visited.add(child)
          stack.push([child, 0])
        }
      } else {
        finished.push(top[0])
        stack.pop()
      }
    }
  }
  // Second pass: each part is what `into` reaches from the latest finished node left.
  const assigned = new Set<string>()
  const part = new Map<string, number>()
  let parts = 0
  for (let i = finished.length - 1; i >= 0; i--) {
    const root = finished[i]!
    if (assigned.has(root)) continue
    const members = [root]
    assigned.add(root)
    for (let k = 0; k < members.length; k++)
      for (const n of into.get(members[k]!) ?? [])
        if (!assigned.has(n)) {
          assigned.add(n)
          members.push(n)
        }
    if (members.length > 1) for (const m of members) part.set(m, parts)
    parts++
  }
  return part
}
