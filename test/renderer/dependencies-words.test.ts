// What the planner says about dependencies: tasks named by key, from the loaded tasks or, for a
// task a partly loaded board does not show, from the dependencies that mention it.
import { describe, expect, it } from 'vitest'
import type { Dependency } from '../../src-shared/api'
import {
  createRefusal,
  dependencyName,
  keyNamer,
  lagProblem,
} from '../../src-renderer/dependencies/dependency-words'
import { task } from './state/fixtures'

const loaded = { t3: task('t3', { projectKey: 'APP', key: 3 }) }
const unloadedEdge = {
  id: 'd1',
  predecessorId: 't3',
  predecessorKey: 3,
  predecessorProjectKey: 'APP',
  successorId: 'x',
  successorKey: 41,
  successorProjectKey: 'OPS',
  lagDays: 0,
} as Dependency

describe('dependency words', () => {
  it('names tasks by key, also a task only a dependency mentions', () => {
    const keyOf = keyNamer(loaded, [unloadedEdge])
    expect(dependencyName(keyOf, 't3', 'x')).toBe('APP-3 → OPS-41')
    expect(keyOf('nowhere')).toBe('a task that is not loaded')
  })

  it("keeps main's message, naming the dependency, when the board gave no code of its own", () => {
    const keyOf = keyNamer(loaded, [unloadedEdge])
    const error = { code: 'KEY_REJECTED' as const, message: 'The board rejected the API key.' }
    expect(createRefusal(keyOf, 't3', 'x', error, () => undefined)).toBe(
      'Could not add the dependency APP-3 → OPS-41: The board rejected the API key.',
    )
  })

  it('takes every whole number of days the board takes, and nothing else', () => {
    for (const ok of [0, 1, 3650]) expect(lagProblem(ok)).toBeUndefined()
    for (const bad of [-1, 0.5, 3651, Number.NaN, Infinity]) expect(lagProblem(bad)).toBeDefined()
  })
})
