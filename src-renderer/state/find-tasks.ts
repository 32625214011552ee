// Find: the tasks a short query names, in the board's order. A task key ("APP-12", any case)
// names that task; otherwise every word of the query must appear in the title (any case, with or
// without accents).
import type { Task } from '../../src-shared/api/resources'

// The project key is all before the last "-<digits>": a board's keys may hold "-" (MY-PROJ-12).
const KEY = /^(\S+)-(\d+)$/

export function findTasks(tasks: readonly Task[], query: string): string[] {
  const text = query.trim()
  if (text === '') return []
  const key = KEY.exec(text)
  if (key) {
    const project = (key[1] as string).toUpperCase()
    const hit = tasks.find(
      (t) => t.projectKey.toUpperCase() === project && t.key === Number(key[2]),
    )
    if (hit) return [hit.id]
  }
  const words = folded(text).split(/\s+/)
  return tasks
    .filter((task) => {
      const title = folded(task.title)
      return words.every((word) => title.includes(word))
    })
    .map((task) => task.id)
}

/**
 * Text as Find compares it: accents and other marks taken off after decomposing, then lower case,
 * so "resume" finds "Résumé", "café" typed composed finds a title stored decomposed, and
 * "istanbul" finds "İstanbul".
 */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}
