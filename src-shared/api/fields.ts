// Field schemas shared by the request bodies.
import { z } from 'zod'
import { idTable } from './id-table'
import { toCanonicalTimestamp } from './dates'
import { SERVICE_LIMITS as L } from './limits'

/** Names used in comma-separated filters cannot themselves hold a comma. */
const noComma = (what: string) =>
  z
    .string()
    .refine(
      (s) => !s.includes(','),
      `${what} cannot contain a comma (filters use commas as separators)`,
    )

export const Title = z
  .string()
  .max(L.titleLength, `at most ${L.titleLength} characters`)
  .refine((s) => s.trim().length > 0, 'must not be blank')

export const DescriptionContent = z
  .string()
  .max(L.descriptionLength, `at most ${L.descriptionLength} characters`)

export const TagName = noComma('a tag')
  .max(L.tagLength, `at most ${L.tagLength} characters`)
  .refine((s) => s.trim().length > 0, 'a tag must not be blank')

export const Tags = z.array(TagName).max(L.tagsPerTask, `at most ${L.tagsPerTask} tags`)

/** An ISO date (`YYYY-MM-DD`) or ISO date-time with a zone. */
export const IsoDateInput = z
  .string()
  .refine(
    (s) => toCanonicalTimestamp(s) !== undefined,
    'must be an ISO 8601 date (YYYY-MM-DD) or date-time with a zone',
  )

/** Like IsoDateInput, or the empty string, which clears the date. */
export const ClearableDate = z
  .string()
  .refine(
    (s) => s === '' || toCanonicalTimestamp(s) !== undefined,
    'must be an ISO 8601 date (YYYY-MM-DD) or date-time with a zone, or "" to clear it',
  )

export const TaskKey = z.number().int('must be a whole number').positive('must be positive')

export const NonEmptyId = z.string().min(1, 'must not be empty')

/** Raw custom property values; the service checks each against its property's type. */
export const PropertyValue = z.union(
  [z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()],
  {
    error:
      'must be a string, a number, true or false, or a list of strings (the shape its property type takes)',
  },
)
export type PropertyValue = z.infer<typeof PropertyValue>

/**
 * Custom property values by name. The spec lets a board name its properties anything, and a
 * record schema drops a property named "__proto__" (the edit of it was silently lost), so the
 * entries are checked one by one and kept in a table with no prototype.
 */
export const PropertyValues = z
  .custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    { message: 'expected an object of property names and values' },
  )
  .superRefine((value, context) => {
    for (const [name, item] of Object.entries(value)) {
      const checked = PropertyValue.safeParse(item)
      if (!checked.success)
        for (const issue of checked.error.issues)
          context.addIssue({ code: 'custom', message: issue.message, path: [name, ...issue.path] })
    }
  })
  .transform((value) => idTable(Object.entries(value) as [string, PropertyValue][]))
