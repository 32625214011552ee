// The path a new dependency would close into a loop: what the planner names to the user before
// it sends anything ("That would make a loop: APP-9 → APP-4 → APP-3").
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loopPath } from '../../src-shared/schedule'

const dep = (predecessorId: string, successorId: string) => ({ predecessorId, successorId })

describe('loopPath', () => {
  it('names the chain from the new successor back to the new predecessor', () => {
    // 9 -> 4 -> 3 exists; 3 -> 9 would close it.
    const deps = [dep('9', '4'), dep('4', '3'), dep('1', '2')]
    expect(loopPath(deps, '3', '9')).toEqual(['9', '4', '3'])
  })

  it('finds nothing when the new edge only adds to a chain', () => {
    const deps = [dep('9', '4'), dep('4', '3')]
    expect(loopPath(deps, '9', '3')).toBeUndefined()
    expect(loopPath(deps, '3', '5')).toBeUndefined()
    expect(loopPath([], 'a', 'b')).toBeUndefined()
  })

  it('a task depending on itself is a loop of one', () => {
    expect(loopPath([], 'a', 'a')).toEqual(['a'])
  })

  it('a direct reverse edge is a loop of two', () => {
    expect(loopPath([dep('b', 'a')], 'a', 'b')).toEqual(['b', 'a'])
  })

  it('names the shortest of several chains', () => {
    const deps = [dep('s', 'x'), dep('x', 'y'), dep('y', 'p'), dep('s', 'z'), dep('z', 'p')]
    expect(loopPath(deps, 'p', 's')).toEqual(['s', 'z', 'p'])
  })

  it('stops on loops already in the data instead of walking forever', () => {
    const deps = [dep('a', 'b'), dep('b', 'a'), dep('b', 'c')]
    expect(loopPath(deps, 'x', 'a')).toBeUndefined()
    expect(loopPath(deps, 'c', 'a')).toEqual(['a', 'b', 'c'])
  })

  it('walks 20,000 dependencies in a chain quickly', () => {
    const deps = Array.from({ length: 20_000 }, (_, i) => dep(`t${i}`, `t${i + 1}`))
    const started = performance.now()
    const path = loopPath(deps, 't20000', 't0')
    expect(path).toHaveLength(20_001)
    expect(performance.now() - started).toBeLessThan(500)
  })

  it('agrees with plain reachability, and every step it names is a dependency', () => {
    const node = fc.integer({ min: 0, max: 7 }).map(String)
    fc.assert(
      fc.property(fc.array(fc.tuple(node, node)), node, node, (pairs, p, s) => {
        const deps = pairs.map(([a, b]) => dep(a, b))
        const reach = new Set([s])
        for (let changed = true; changed;) {
          changed = false
          for (const d of deps)
            if (reach.has(d.predecessorId) && !reach.has(d.successorId)) {
              reach.add(d.successorId)
              changed = true
            }
        }
        const path = loopPath(deps, p, s)
        expect(path !== undefined).toBe(reach.has(p))
        if (!path || p === s) return
        expect(path[0]).toBe(s)
        expect(path.at(-1)).toBe(p)
        for (let i = 0; i + 1 < path.length; i += 1)
          expect(
            deps.some((d) => d.predecessorId === path[i] && d.successorId === path[i + 1]),
          ).toBe(true)
      }),
    )
  })
})
