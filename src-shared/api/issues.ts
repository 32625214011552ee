// Turns schema issues into one sentence a person can act on, naming the item and field.
import type { z } from 'zod'

export interface FieldIssue {
  path: string
  message: string
}

/** `tasks[3].subtasks[0].title` from a zod path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`
    else out += out === '' ? String(part) : `.${String(part)}`
  }
  return out
}

export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    const path = formatPath(issue.path)
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((k) => (path ? `${path}.${k}` : k))
      return {
        path: keys[0] ?? path,
        message: `unknown field${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`,
      }
    }
    return { path, message: issue.message }
  })
}

/** "Invalid request: tasks[2].title: must not be blank (and 1 more problem)." */
export function describeIssues(issues: FieldIssue[], prefix = 'Invalid request'): string {
  const [first] = issues
  if (!first) return `${prefix}.`
  // Unknown-field messages already spell out their full path; every other message gets it first.
  const where = first.path && !first.message.startsWith('unknown field') ? `${first.path}: ` : ''
  const more =
    issues.length > 1
      ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})`
      : ''
  return `${prefix}: ${where}${first.message}${more}.`
}
