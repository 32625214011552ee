// An object keyed by strings the service or the user chose (task ids, property names), read into
// a table with no prototype (id-table.ts). A record schema drops a "__proto__" key without a
// word; this keeps every key as it came, each value checked with its own schema.
import { z } from 'zod'
import { idTable } from './id-table'

export function idTableSchema<T>(options: {
  /** The message for a value that is no object, e.g. "expected an object of task IDs…". */
  notAnObject: string
  /** Keys are 1 to this many characters; `keyProblem` is said otherwise. */
  maxKeyLength: number
  keyProblem: string
  value: z.ZodType<T>
  /** Said for a value `value` refuses, at its key; else the value schema's own first issue. */
  valueProblem?: string
}) {
  return z
    .custom<Record<string, unknown>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      { message: options.notAnObject },
    )
    .transform((value, ctx) => {
      const table = idTable<T>()
      for (const [key, entry] of Object.entries(value)) {
        if (key.length < 1 || key.length > options.maxKeyLength) {
          ctx.addIssue({ code: 'custom', message: options.keyProblem })
          return z.NEVER
        }
        const read = options.value.safeParse(entry)
        if (!read.success) {
          const issue = read.error.issues[0]
          ctx.addIssue({
            code: 'custom',
            path: options.valueProblem ? [key] : [key, ...(issue?.path ?? [])],
            message: options.valueProblem ?? issue?.message ?? 'is not readable',
          })
          return z.NEVER
        }
        table[key] = read.data
      }
      return table
    })
}
