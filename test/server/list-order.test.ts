// The list order option (`createApp({listOrder})`, `listen(..., {listOrder})`): the spec leaves the
// order of a list and which 100 matches come back "not shown", and each order here is one a
// service could choose. Every order must show what its name says, and only matching tasks.
import { describe, expect, it } from 'vitest'
import { createApp, DEFAULT_LIST_ORDER, LIST_ORDERS, openDatabase } from '../../src-server'
import type { ListOrder } from '../../src-server'
import { listen } from '../../src-server/cli/serve'
import { ListTasksResponse } from '../../src-shared/api'
import type { Task } from '../../src-shared/api'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { createTasks, listTasks, newTask, titles } from '../support/tasks'

/** A clock that moves one second at each reading: each request writes at its own time. */
function steppingClock(): () => Date {
  let time = Date.parse('2026-03-01T08:00:00.000Z')
  return () => new Date((time += 1000))
}

async function withService<T>(
  listOrder: ListOrder | undefined,
  work: (service: TestService) => Promise<T>,
): Promise<T> {
  const service = await startTestService({ listOrder, clock: steppingClock() })
  try {
    return await work(service)
  } finally {
    await service.close()
  }
}

async function update(service: TestService, ...items: Record<string, unknown>[]): Promise<void> {
  const response = await service.call('PATCH', '/api/v1/tasks', { tasks: items })
  if (response.status !== 200) throw new Error(`update failed: ${JSON.stringify(response.body)}`)
}

/**
 * Six tasks in two create requests, so A, B, C share one write time and D, E, M another; then A
 * and C are updated in one request and B in a later one. Creation: A B C D E M.
 */
async function smallBoard(service: TestService): Promise<void> {
  await createTasks(
    service,
    newTask({ title: 'A', dueDate: '2026-03-05' }),
    newTask({ title: 'B', projectKey: 'APP' }),
    newTask({ title: 'C', dueDate: '2026-03-01' }),
  )
  await createTasks(
    service,
    newTask({ title: 'D', dueDate: '2026-03-03', projectKey: 'APP' }),
    newTask({ title: 'E' }),
    newTask({ title: 'M', type: 'milestone', dueDate: '2026-03-02' }),
  )
}

async function updateSmallBoard(service: TestService): Promise<void> {
  const byTitle = new Map((await listTasks(service)).map((t) => [t.title, t.id]))
  await update(service, { id: byTitle.get('A'), title: 'A' }, { id: byTitle.get('C'), title: 'C' })
  await update(service, { id: byTitle.get('B'), pinToTop: true })
}

const SMALL: Record<Exclude<ListOrder, 'random'>, { fresh: string[]; updated: string[] }> = {
  // Tasks without a due date first (by creation), then by due date.
  due: { fresh: ['B', 'E', 'C', 'M', 'D', 'A'], updated: ['B', 'E', 'C', 'M', 'D', 'A'] },
  created: { fresh: ['A', 'B', 'C', 'D', 'E', 'M'], updated: ['A', 'B', 'C', 'D', 'E', 'M'] },
  'created-desc': {
    fresh: ['M', 'E', 'D', 'C', 'B', 'A'],
    updated: ['M', 'E', 'D', 'C', 'B', 'A'],
  },
  // Writes of one request share a time: the newer created comes first among them.
  'updated-desc': {
    fresh: ['M', 'E', 'D', 'C', 'B', 'A'],
    updated: ['B', 'C', 'A', 'M', 'E', 'D'],
  },
}

describe('list orders on a small board', () => {
  it('offers every order, due by default', () => {
    expect(LIST_ORDERS).toEqual(['due', 'created', 'created-desc', 'updated-desc', 'random'])
    expect(DEFAULT_LIST_ORDER).toBe('due')
  })

  it.each(Object.entries(SMALL))('%s: the order its name says', async (order, expected) => {
    await withService(order as ListOrder, async (service) => {
      await smallBoard(service)
      expect(titles(await listTasks(service))).toEqual(expected.fresh)
      await updateSmallBoard(service)
      expect(titles(await listTasks(service))).toEqual(expected.updated)
      // Filters pick the same tasks in every order; the order of what they pick stays.
      const only = (names: string[]) => expected.updated.filter((n) => names.includes(n))
      expect(titles(await listTasks(service, 'type=task'))).toEqual(only(['A', 'B', 'C', 'D', 'E']))
      expect(titles(await listTasks(service, 'dueDate=2026-03-01,2026-03-04'))).toEqual(
        only(['C', 'D', 'M']),
      )
      expect(titles(await listTasks(service, 'projectKey=APP'))).toEqual(only(['B', 'D']))
    })
  })

  it('without an order is the due order', async () => {
    await withService(undefined, async (service) => {
      await smallBoard(service)
      expect(titles(await listTasks(service))).toEqual(SMALL.due.fresh)
    })
  })

  it('random: every match when there are fewer than 100', async () => {
    await withService('random', async (service) => {
      await smallBoard(service)
      await updateSmallBoard(service)
      for (let i = 0; i < 5; i += 1) {
        expect(titles(await listTasks(service)).sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'M'])
        expect(titles(await listTasks(service, 'type=task&projectKey=APP')).sort()).toEqual([
          'B',
          'D',
        ])
      }
    })
  })

  it('refuses an order it does not know', () => {
    const db = openDatabase(':memory:')
    try {
      expect(() => createApp({ db, listOrder: 'sideways' as ListOrder })).toThrow(
        /listOrder must be one of due, created, created-desc, updated-desc, random/,
      )
    } finally {
      db.close()
    }
  })
})

describe('list orders with more than 100 matches', () => {
  /** w0..w229 in WEB (one create request each 10, so write times differ), a0..a19 in APP. */
  async function bigBoard(service: TestService): Promise<void> {
    for (let start = 0; start < 230; start += 10) {
      await createTasks(
        service,
        ...Array.from({ length: 10 }, (_, i) =>
          newTask({
            title: `w${start + i}`,
            // Due dates run against creation, so the due order differs from the others.
            dueDate: `2026-0${1 + Math.floor((229 - start - i) / 40)}-1${(start + i) % 10}`,
          }),
        ),
      )
    }
    await createTasks(
      service,
      ...Array.from({ length: 20 }, (_, i) => newTask({ title: `a${i}`, projectKey: 'APP' })),
    )
  }
  const web = (from: number, to: number, step = 1) => {
    const names: string[] = []
    for (let i = from; step > 0 ? i <= to : i >= to; i += step) names.push(`w${i}`)
    return names
  }

  it('created: the first 100 created, oldest first', async () => {
    await withService('created', async (service) => {
      await bigBoard(service)
      expect(titles(await listTasks(service, 'projectKey=WEB'))).toEqual(web(0, 99))
    })
  })

  it('created-desc: the last 100 created, newest first', async () => {
    await withService('created-desc', async (service) => {
      await bigBoard(service)
      expect(titles(await listTasks(service, 'projectKey=WEB'))).toEqual(web(229, 130, -1))
      expect(titles(await listTasks(service))).toEqual([
        ...Array.from({ length: 20 }, (_, i) => `a${19 - i}`),
        ...web(229, 150, -1),
      ])
    })
  })

  it('updated-desc: the last updated first, an old task moved to the front', async () => {
    await withService('updated-desc', async (service) => {
      await bigBoard(service)
      expect(titles(await listTasks(service, 'projectKey=WEB'))).toEqual(web(229, 130, -1))
      const w5 = (await listTasks(service, 'projectKey=WEB&dueDate=2026-06-15')).find(
        (t) => t.title === 'w5',
      )
      await update(service, { id: w5!.id, title: 'w5' })
      expect(titles(await listTasks(service, 'projectKey=WEB'))).toEqual([
        'w5',
        ...web(229, 131, -1),
      ])
    })
  })

  it('due: the earliest due first, whatever the creation order', async () => {
    await withService('due', async (service) => {
      await bigBoard(service)
      const tasks = await listTasks(service, 'projectKey=WEB')
      expect(tasks).toHaveLength(100)
      const dues = tasks.map((t) => t.dueDate)
      expect(dues).toEqual([...dues].sort())
      expect(tasks[0]!.dueDate.slice(0, 10)).toBe('2026-01-10')
    })
  })

  it('random: a fresh sample of at most 100 matching tasks on every request', async () => {
    await withService('random', async (service) => {
      await bigBoard(service)
      const samples: Task[][] = []
      for (let i = 0; i < 8; i += 1) samples.push(await listTasks(service, 'projectKey=WEB'))
      for (const sample of samples) {
        expect(sample).toHaveLength(100)
        expect(new Set(sample.map((t) => t.id)).size).toBe(100)
        expect(sample.every((t) => t.projectKey === 'WEB' && /^w\d+$/.test(t.title))).toBe(true)
      }
      const keys = samples.map((s) => titles(s).sort().join())
      expect(new Set(keys).size).toBeGreaterThan(1)
      // Drawn from all 230 matches, not from some fixed part of them: eight samples of 100 miss
      // about 2 tasks on average (each is left out of a sample with probability 130/230).
      expect(new Set(samples.flat().map((t) => t.title)).size).toBeGreaterThan(200)
      // Filters still hold for the unfiltered board and with several filters.
      const mixed = await listTasks(service, 'type=task&dueDate=2026-01-01,2026-03-31')
      expect(mixed.length).toBeLessThanOrEqual(100)
      expect(
        mixed.every(
          (t) => t.projectKey === 'WEB' && t.dueDate >= '2026-01' && t.dueDate < '2026-04',
        ),
      ).toBe(true)
    })
  })
})

describe('listen() with a list order', () => {
  it('serves the order it was given over a real socket; the three-argument form stays due', async () => {
    const service = await startTestService()
    try {
      await smallBoard(service)
      const titlesAt = async (url: string) => {
        const response = await fetch(`${url}/api/v1/tasks`, {
          headers: { authorization: `Bearer ${service.key}` },
        })
        return titles(ListTasksResponse.parse(await response.json()).tasks)
      }
      const newest = await listen(service.db, '127.0.0.1', 0, { listOrder: 'created-desc' })
      const plain = await listen(service.db, '127.0.0.1', 0)
      try {
        expect(await titlesAt(newest.url)).toEqual(SMALL['created-desc'].fresh)
        expect(await titlesAt(plain.url)).toEqual(SMALL.due.fresh)
      } finally {
        await newest.close()
        await plain.close()
      }
    } finally {
      await service.close()
    }
  })
})
