/// <reference lib="dom" />
// Checks through the board's HTTP API, not the UI: the test gets the local board's address from
// the planner's own IPC and makes itself a key on the board's database (as `taskboard key
// create` would), so what it reads is what any client of the board would see.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import {
  createApiKey,
  findBoardByName,
  openDatabase,
  revokeApiKey,
  listApiKeys,
} from '../../src-server'
import { ListDependenciesResponse, ListTasksResponse } from '../../src-shared/api'
import type { Dependency, Task } from '../../src-shared/api'

export interface BoardClient {
  /** The local board's address and the test's own key: enough to add it as another board. */
  baseUrl: string
  apiKey: string
  tasks(query?: string): Promise<Task[]>
  /** Every dependency of the board. */
  dependencies(): Promise<Dependency[]>
  create(tasks: unknown[]): Promise<void>
  /** PATCH /tasks with these update items. */
  update(tasks: unknown[]): Promise<void>
  /** POST /dependencies; the created dependency. */
  createDependency(body: {
    predecessorId: string
    successorId: string
    lagDays: number
  }): Promise<Dependency>
  deleteDependency(id: string): Promise<void>
  /** Reads the board's address again (after the planner restarted); the key stays. */
  reconnect(): Promise<void>
  /** Revokes every key but the test's own: the planner's requests are refused from then on. */
  revokePlannerKeys(): void
}

/** The local board's address, from the planner's own IPC (it changes when the planner restarts). */
async function localBoardAddress(page: Page): Promise<string> {
  const boards = await page.evaluate(async () => {
    // In the page it was served with; after a reload, where the page kept it (bridge.ts).
    const token = (document.querySelector<HTMLMetaElement>('meta[name="planner-token"]')?.content ??
      sessionStorage.getItem('planner-token'))!
    const response = await fetch('/ipc/boards:list', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-planner-token': token },
      body: '{}',
    })
    return (await response.json()) as {
      ok: boolean
      value: { isLocal: boolean; baseUrl: string }[]
    }
  })
  return boards.value.find((b) => b.isLocal)!.baseUrl
}

export async function localBoardClient(page: Page, userData: string): Promise<BoardClient> {
  let baseUrl = await localBoardAddress(page)
  const dbPath = join(userData, 'local-board', 'local-board.db')
  const db = openDatabase(dbPath)
  const board = findBoardByName(db, 'Demo board')!
  const { id: ownKeyId, key } = createApiKey(db, board.id, 'olivia.owner@example.com')
  db.close()
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }
  return {
    get baseUrl() {
      return baseUrl
    },
    apiKey: key,
    async reconnect() {
      baseUrl = await localBoardAddress(page)
    },
    async tasks(query = '') {
      const response = await fetch(`${baseUrl}/api/v1/tasks${query ? `?${query}` : ''}`, {
        headers,
      })
      return ListTasksResponse.parse(await response.json()).tasks
    },
    async dependencies() {
      const response = await fetch(`${baseUrl}/api/v1/dependencies`, { headers })
      return ListDependenciesResponse.parse(await response.json()).dependencies
    },
    async create(tasks) {
      const response = await fetch(`${baseUrl}/api/v1/tasks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ tasks }),
      })
      if (response.status !== 200) throw new Error(await response.text())
    },
    async update(tasks) {
      const response = await fetch(`${baseUrl}/api/v1/tasks`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ tasks }),
      })
      if (response.status !== 200) throw new Error(await response.text())
    },
    async createDependency(body) {
      const response = await fetch(`${baseUrl}/api/v1/dependencies`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      })
      if (response.status !== 200) throw new Error(await response.text())
      return ((await response.json()) as { dependency: Dependency }).dependency
    },
    async deleteDependency(id) {
      const response = await fetch(`${baseUrl}/api/v1/dependencies`, {
        method: 'DELETE',
        headers,
        body: JSON.stringify({ id }),
      })
      if (response.status !== 200) throw new Error(await response.text())
    },
    revokePlannerKeys() {
      const handle = openDatabase(dbPath)
      for (const info of listApiKeys(handle))
        if (info.id !== ownKeyId && !info.revokedAt) revokeApiKey(handle, info.id)
      handle.close()
    },
  }
}
