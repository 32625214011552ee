// Splits along the filters whose field can be empty, on random full slices and siblings: every
// task a slice's query can return is matched by one of its children or stays in its rest
// branch, and a bucket that came back full is cut into strictly smaller ones.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { planCover } from '../../../src-main/sync/cover'
import { DIMENSIONS } from '../../../src-main/sync/dimensions'
import { inRest } from '../../../src-main/sync/estimate'
import { BoardValues } from '../../../src-main/sync/known-values'
import { matchesFilters } from '../../../src-main/sync/match'
import type { Slice } from '../../../src-main/sync/slice'
import type { ListTasksFilters, Priority, Task } from '../../../src-shared/api'

const PROJECTS = ['WEB', 'APP', 'OPS']
const PEOPLE = ['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io']
const TAGS = ['t1', 't2', 't3', 't4', 't5']
const PRIORITIES: (Priority | '')[] = ['low', 'medium', 'high', '']

const fields = fc.record({
  assignee: fc.constantFrom('', ...PEOPLE),
  priority: fc.constantFrom(...PRIORITIES),
  tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 3 }),
  start: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
})
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never

let ids = 0
function taskOf(project: string, key: number, f: Fields): Task {
  const start = f.start === undefined ? '' : new Date(Date.UTC(2026, 0, 1 + f.start)).toISOString()
  return {
    ...{ id: `t${(ids += 1)}`, projectKey: project, key, type: 'task', pinToTop: false },
    ...{ status: 'Backlog', dueDate: '', startDate: start, assignedUserEmail: f.assignee },
    ...{ priority: f.priority, tags: f.tags },
  } as unknown as Task
}

const base = { type: 'task' as const, pinToTop: false, status: ['Backlog'] }

describe('planCover', () => {
  it('covers every task of its slices, by a child or by the rest branch', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.array(fields, { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { minLength: 300, maxLength: 300 }),
        fc.subarray(['assignedUserEmail', 'priority', 'tag', 'startDate'] as const),
        fc.option(fc.constantFrom('assignedUserEmail', 'priority', 'tag'), { nil: undefined }),
        fc.array(fields, { maxLength: 20 }),
        (count, kinds, picks, restNames, forced, probes) => {
          // planDeferred sends only slices with a filter left to split.
          fc.pre(forced !== undefined || restNames.length < 4)
          const ctx = new BoardValues()
          const slices: Slice[] = PROJECTS.slice(0, count).map((project, p) => {
            // A full page of undated tasks drawn from a few kinds, so that values collide.
            const page = picks
              .slice(p * 100, p * 100 + 100)
              .map((pick, i) => taskOf(project, 3 * i + 1, kinds[pick % kinds.length] as Fields))
            page.forEach((task) => ctx.add(task))
            const rest = restNames
              .filter((name) => name !== forced)
              .map((name) => ({ name, values: name === 'startDate' ? [] : ctx.values(name) }))
            const filters: ListTasksFilters = { ...base, projectKey: [project] }
            if (forced === 'assignedUserEmail') filters.assignedUserEmail = PEOPLE.slice(0, 3)
            if (forced === 'priority') filters.priority = ['low', 'medium', 'high']
            if (forced === 'tag') filters.tag = TAGS
            return { filters, scope: 'undated' as const, next: 2, rest, page }
          })
          const plan = planCover(slices, ctx)
          const children = [...plan.slices]
          for (const slice of slices) {
            const project = slice.filters.projectKey?.[0] as string
            for (const f of probes) {
              const task = taskOf(project, 1000, f)
              if (!matchesFilters(task, slice.filters) || !inRest(slice, task)) continue
              const child = children.some((c) => matchesFilters(task, c.filters))
              const rest = plan.deferred.some(
                (r) =>
                  r.filters.projectKey?.[0] === project &&
                  r.rest.length === slice.rest.length + 1 &&
                  inRest(r, task),
              )
              expect(child || rest).toBe(true)
            }
            if (forced) {
              const dimension = DIMENSIONS.find((d) => d.name === forced)
              for (const c of children) {
                const values = dimension?.kind === 'values' ? dimension.get(c.filters) : []
                const own = dimension?.kind === 'values' ? dimension.get(slice.filters) : []
                expect((values ?? []).length).toBeLessThan((own ?? []).length)
              }
            }
          }
          if (forced) expect(plan.deferred).toEqual([])
        },
      ),
    )
  })
})
