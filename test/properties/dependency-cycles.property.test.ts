// Property: random sequences of dependency creates and deletes, applied through the HTTP API,
// behave like a reference model of a directed graph. After every step the stored graph equals the
// model's and is acyclic; a create is refused with SELF_REFERENCE, DUPLICATE or CYCLE_DETECTED
// exactly when the model says so.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'

const DEPENDENCIES = '/api/v1/dependencies'
const PROJECTS = ['WEB', 'APP', 'OPS'] as const
const MAX_TASKS = 10

interface TaskRef {
  id: string
  projectKey: string
  key: number
}

type Op =
  | { kind: 'create'; pred: number; succ: number; byKey: boolean; lagDays: number }
  | { kind: 'delete'; pred: number; succ: number; byId: boolean }
  | { kind: 'query'; task: number; byKey: boolean }

const index = fc.nat({ max: MAX_TASKS - 1 })
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      pred: index,
      succ: index,
      byKey: fc.boolean(),
      lagDays: fc.nat({ max: 30 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      pred: index,
      succ: index,
      byId: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('query' as const), task: index, byKey: fc.boolean() }),
  },
)

const scenarioArb = fc.record({
  taskCount: fc.integer({ min: 6, max: MAX_TASKS }),
  ops: fc.array(opArb, { minLength: 1, maxLength: 40 }),
})
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never

/** The reference model: edges `pred>succ` (by task index) with the id the service gave each. */
class Graph {
  readonly edges = new Map<string, string>()

  static key(pred: number, succ: number): string {
    return `${pred}>${succ}`
  }

  successors(node: number): number[] {
    const out: number[] = []
    for (const edge of this.edges.keys()) {
      const [p, s] = edge.split('>').map(Number) as [number, number]
      if (p === node) out.push(s)
    }
    return out
  }

  /** Is `to` reachable from `from` along edges (a node reaches itself)? */
  reaches(from: number, to: number): boolean {
    const seen = new Set<number>()
    const stack = [from]
    while (stack.length > 0) {
      const node = stack.pop() as number
      if (node === to) return true
      if (seen.has(node)) continue
      seen.add(node)
      stack.push(...this.successors(node))
    }
    return false
  }
}

/** Three-colour DFS over an edge list: true when the graph has no directed cycle. */
function isAcyclic(edges: readonly [string, string][]): boolean {
  const next = new Map<string, string[]>()
  for (const [p, s] of edges) next.set(p, [...(next.get(p) ?? []), s])
  const colour = new Map<string, 'grey' | 'black'>()
  const visit = (node: string): boolean => {
    const state = colour.get(node)
    if (state === 'grey') return false
    if (state === 'black') return true
    colour.set(node, 'grey')
    for (const succ of next.get(node) ?? []) if (!visit(succ)) return false
    colour.set(node, 'black')
    return true
  }
  return [...next.keys()].every(visit)
}

function refFields(role: 'predecessor' | 'successor', task: TaskRef, byKey: boolean) {
  return byKey
    ? { [`${role}ProjectKey`]: task.projectKey, [`${role}Key`]: task.key }
    : { [`${role}Id`]: task.id }
}

async function createTasks(service: TestService, count: number): Promise<TaskRef[]> {
  const tasks = Array.from({ length: count }, (_, i) => ({
    title: `Task ${i}`,
    projectKey: PROJECTS[i % PROJECTS.length],
    descriptionType: 'text',
    descriptionContent: '',
  }))
  const created = await service.call('POST', '/api/v1/tasks', { tasks })
  expect(created).toEqual({ status: 200, body: { success: true } })
  const listed = await service.call('GET', '/api/v1/tasks')
  expect(listed.status).toBe(200)
  return (listed.body.tasks as TaskRef[]).map(({ id, projectKey, key }) => ({
    id,
    projectKey,
    key,
  }))
}

interface StoredDependency {
  id: string
  predecessorId: string
  successorId: string
  lagDays: number
}

async function runScenario({ taskCount, ops }: Scenario): Promise<void> {
  const service = await startTestService()
  try {
    const tasks = await createTasks(service, taskCount)
    expect(tasks).toHaveLength(taskCount)
    const indexOf = new Map(tasks.map((t, i) => [t.id, i]))
    const model = new Graph()
    const lags = new Map<string, number>()
    const deletedIds: string[] = []

    for (const op of ops) {
      if (op.kind === 'create') {
        const pred = op.pred % taskCount
        const succ = op.succ % taskCount
        const edge = Graph.key(pred, succ)
        const expected =
          pred === succ
            ? { status: 400, code: 'SELF_REFERENCE' }
            : model.edges.has(edge)
              ? { status: 409, code: 'DUPLICATE' }
              : model.reaches(succ, pred)
                ? { status: 409, code: 'CYCLE_DETECTED' }
                : undefined
        const response = await service.call('POST', DEPENDENCIES, {
          ...refFields('predecessor', tasks[pred] as TaskRef, op.byKey),
          ...refFields('successor', tasks[succ] as TaskRef, op.byKey),
          lagDays: op.lagDays,
        })
        if (expected) {
          expect(response.status, `create ${edge}`).toBe(expected.status)
          expect(response.body.error, `create ${edge}`).toBe(expected.code)
          expect(typeof response.body.message).toBe('string')
        } else {
          expect(response.status, `create ${edge}: ${response.body.message}`).toBe(200)
          const dependency = response.body.dependency as StoredDependency
          expect(dependency).toMatchObject({
            predecessorId: tasks[pred]?.id,
            successorId: tasks[succ]?.id,
            lagDays: op.lagDays,
          })
          model.edges.set(edge, dependency.id)
          lags.set(edge, op.lagDays)
        }
      } else if (op.kind === 'delete') {
        const pred = op.pred % taskCount
        const succ = op.succ % taskCount
        const edge = Graph.key(pred, succ)
        const id = model.edges.get(edge)
        const body = op.byId
          ? { id: id ?? deletedIds[0] ?? 'no-such-dependency' }
          : {
              ...refFields('predecessor', tasks[pred] as TaskRef, false),
              ...refFields('successor', tasks[succ] as TaskRef, false),
            }
        const response = await service.call('DELETE', DEPENDENCIES, body)
        if (id !== undefined) {
          expect(response, `delete ${edge}`).toEqual({ status: 200, body: { success: true } })
          model.edges.delete(edge)
          lags.delete(edge)
          deletedIds.push(id)
        } else {
          expect(response.status, `delete missing ${edge}`).toBe(404)
          expect(response.body.error).toBe(true)
        }
      } else {
        // The per-task listing holds exactly the edges that touch the task.
        const at = op.task % taskCount
        const task = tasks[at] as TaskRef
        const query = op.byKey
          ? `taskProjectKey=${task.projectKey}&taskKey=${task.key}`
          : `taskId=${encodeURIComponent(task.id)}`
        const response = await service.call('GET', `${DEPENDENCIES}?${query}`)
        expect(response.status).toBe(200)
        const touching = [...model.edges]
          .filter(([edge]) => edge.split('>').map(Number).includes(at))
          .map(([, id]) => id)
        expect((response.body.dependencies as StoredDependency[]).map((d) => d.id).sort()).toEqual(
          touching.sort(),
        )
      }

      // After every step: the stored graph is the model's, with its lags, and has no cycle.
      const listed = await service.call('GET', DEPENDENCIES)
      expect(listed.status).toBe(200)
      const stored = listed.body.dependencies as StoredDependency[]
      const storedEdges = stored.map((d) => {
        const p = indexOf.get(d.predecessorId)
        const s = indexOf.get(d.successorId)
        expect(p, 'predecessor is one of the tasks').toBeDefined()
        expect(s, 'successor is one of the tasks').toBeDefined()
        return [Graph.key(p as number, s as number), d.id, d.lagDays] as const
      })
      expect(new Set(storedEdges.map(([edge]) => edge)).size).toBe(storedEdges.length)
      expect(new Map(storedEdges.map(([edge, id]) => [edge, id]))).toEqual(model.edges)
      expect(new Map(storedEdges.map(([edge, , lag]) => [edge, lag]))).toEqual(lags)
      expect(isAcyclic(stored.map((d) => [d.predecessorId, d.successorId]))).toBe(true)
    }
  } finally {
    await service.close()
  }
}

const examples: [Scenario][] = [
  // A chain 0>1>2>3, then the closing link 3>0 and a shortcut 0>2 (allowed), then a duplicate.
  [
    {
      taskCount: 6,
      ops: [
        { kind: 'create', pred: 0, succ: 1, byKey: false, lagDays: 0 },
        { kind: 'create', pred: 1, succ: 2, byKey: true, lagDays: 2 },
        { kind: 'create', pred: 2, succ: 3, byKey: false, lagDays: 0 },
        { kind: 'create', pred: 3, succ: 0, byKey: true, lagDays: 0 },
        { kind: 'create', pred: 0, succ: 2, byKey: false, lagDays: 1 },
        { kind: 'create', pred: 0, succ: 2, byKey: true, lagDays: 1 },
        { kind: 'create', pred: 4, succ: 4, byKey: false, lagDays: 0 },
        { kind: 'delete', pred: 1, succ: 2, byId: true },
        { kind: 'create', pred: 3, succ: 1, byKey: false, lagDays: 0 },
        { kind: 'create', pred: 3, succ: 0, byKey: false, lagDays: 0 },
        { kind: 'delete', pred: 1, succ: 2, byId: true },
        { kind: 'query', task: 0, byKey: true },
      ],
    },
  ],
]

describe('dependency graph', () => {
  it('matches a reference graph and never holds a cycle', async () => {
    await fc.assert(fc.asyncProperty(scenarioArb, runScenario), { numRuns: 60, examples })
  })
})
