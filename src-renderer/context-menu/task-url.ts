// A task's link on the board, for "Copy link". The list endpoint carries no URL; the board names
// URLs in dependencies (predecessorUrl, successorUrl) and in update answers. A URL known for the
// task is used as it is; otherwise one known URL of another task is taken as the board's pattern
// when it holds that task's id or its key (APP-12), and the same place gets this task's.
import type { Dependency, Task } from '../../src-shared/api/resources'
import { isHttpUrl } from '../../src-shared/api/value-checks'

/** URLs the board has named, by task id: in dependencies and in answers to edits (`named`). */
export function knownTaskUrls(
  dependencies: readonly Dependency[],
  named: Readonly<Record<string, string>> = {},
): Map<string, string> {
  const urls = new Map<string, string>(Object.entries(named))
  for (const d of dependencies) {
    if (d.predecessorUrl) urls.set(d.predecessorId, d.predecessorUrl)
    if (d.successorUrl) urls.set(d.successorId, d.successorUrl)
  }
  return urls
}

/**
 * The task's URL, or undefined when the board has named none the planner can follow. Only an
 * http(s) URL is a link: a board's `javascript:` or `file:` URL is never copied as one.
 */
export function taskUrl(
  task: Task,
  known: ReadonlyMap<string, string>,
  tasksById: Readonly<Record<string, Task>>,
): string | undefined {
  const own = known.get(task.id)
  if (own) return isHttpUrl(own) ? own : undefined
  for (const [id, url] of known) {
    const sample = tasksById[id]
    if (!sample || !isHttpUrl(url)) continue
    // Replacer functions: an id or key is inserted as written (`$&` in one is not a pattern).
    const made =
      sample.id.length >= 4 && url.includes(sample.id)
        ? url.replace(sample.id, () => task.id)
        : undefined
    if (made !== undefined) return isHttpUrl(made) ? made : undefined
    const key = `${sample.projectKey}-${sample.key}`
    if (url.endsWith(key) || url.includes(`${key}/`) || url.includes(`${key}?`)) {
      const keyed = url.replace(key, () => `${task.projectKey}-${task.key}`)
      return isHttpUrl(keyed) ? keyed : undefined
    }
  }
  return undefined
}
