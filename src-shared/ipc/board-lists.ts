// Board lists a user may give the planner: the board's project keys and status names. The
// service has no endpoint that lists them, so for a remote board the sync only knows the values
// it has seen, and a full page of one value can hide tasks of values never seen. Given lists let
// the sync split along values it would otherwise never learn, and take those splits as complete.
import { z } from 'zod'

/** More than any board we have met; bounds the settings file and the sync's query count. */
export const MAX_LIST_NAMES = 500
export const MAX_LIST_NAME_LENGTH = 200

/** One project key or status name as the user typed it, trimmed. */
const ListName = z
  .string()
  .trim()
  .superRefine((name, context) => {
    if (name === '') context.addIssue({ code: 'custom', message: 'a name cannot be empty' })
    else if (name.length > MAX_LIST_NAME_LENGTH) {
      context.addIssue({
        code: 'custom',
        message: `"${name.slice(0, 40)}…" is longer than ${MAX_LIST_NAME_LENGTH} characters`,
      })
    } else if (name.includes(',')) {
      // The list filters are comma-separated: such a name can never be sent as a filter value.
      context.addIssue({
        code: 'custom',
        message:
          `"${name}" contains a comma; the board's filters are comma-separated, ` +
          'so the planner cannot ask for such a name (leave this list empty, and the planner ' +
          'learns it from the tasks it loads)',
      })
    }
  })

/** A list as given: names trimmed, duplicates dropped (first kept), at most MAX_LIST_NAMES. */
const NameList = z
  .array(ListName)
  .transform((names) => [...new Set(names)])
  // Counted once each: a pasted list with repeats holds no more names than it shows.
  .refine((names) => names.length <= MAX_LIST_NAMES, `at most ${MAX_LIST_NAMES} names`)

/** The lists as a request gives them; an empty list clears the stored one. */
export const BoardListsInput = z.strictObject({ projectKeys: NameList, statuses: NameList })
export type BoardListsInput = z.input<typeof BoardListsInput>

/** The lists as stored and shown: plain arrays, empty when the user gave none. */
export const BoardLists = z.strictObject({
  projectKeys: z.array(z.string()),
  statuses: z.array(z.string()),
})
export type BoardLists = z.infer<typeof BoardLists>

export const noBoardLists = (): BoardLists => ({ projectKeys: [], statuses: [] })

const LIST_LABELS: Record<string, string> = {
  projectKeys: 'Project keys',
  statuses: 'Status names',
}

/** "Status names: "A,B" contains a comma; …" — a parse failure of BoardListsInput, for a person. */
export function describeListsError(error: z.ZodError): string {
  const [first] = error.issues
  if (!first) return 'The lists are not valid.'
  const list = LIST_LABELS[String(first.path[0])]
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : ''
  return `${list ? `${list}: ` : ''}${first.message}${more}.`
}

/**
 * Splits what a person typed into trimmed names: one per line, or, typed on one line, separated
 * by commas. A list of lines keeps a comma inside a name, so that the check above says such a
 * name cannot be asked for; split on every comma, "Done, archived" became two statuses the
 * board does not have, and the list was taken as the whole one.
 */
export function splitListText(text: string): string[] {
  const lines = text.split(/\r\n|\n|\r/)
  const names = lines.filter((line) => line.trim() !== '').length > 1 ? lines : text.split(',')
  return names.map((name) => name.trim()).filter((name) => name !== '')
}
