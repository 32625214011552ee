// A tiny BoardReader over fetch, for tests and the benchmark: the real API client (src-main/api)
// adds retries and error mapping, which the sync engine does not need to be tested.
import { ListDependenciesResponse, ListTasksResponse, toListQuery } from '../../../src-shared/api'
import type { ListTasksFilters } from '../../../src-shared/api'
import type { BoardReader } from '../../../src-main/sync'

export interface CountingReader extends BoardReader {
  /** Every list query sent, as its query string. */
  readonly queries: string[]
  /** Most list requests in flight at one time. */
  readonly peak: number
}

export function fetchReader(baseUrl: string, key: string): CountingReader {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }
  let inFlight = 0
  const reader = {
    queries: [] as string[],
    peak: 0,
    async listTasks(filters: ListTasksFilters) {
      const query = toListQuery(filters).toString()
      reader.queries.push(query)
      inFlight += 1
      reader.peak = Math.max(reader.peak, inFlight)
      try {
        return ListTasksResponse.parse(await get(`${baseUrl}/api/v1/tasks?${query}`, headers)).tasks
      } finally {
        inFlight -= 1
      }
    },
    async listDependencies() {
      const body = await get(`${baseUrl}/api/v1/dependencies`, headers)
      return ListDependenciesResponse.parse(body).dependencies
    },
  }
  return reader
}

async function get(url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, { headers })
  const body: unknown = await response.json()
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body)}`)
  return body
}
