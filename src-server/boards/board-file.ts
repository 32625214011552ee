// The board file: the JSON a board is defined in and imported from with the CLI.
import { z } from 'zod'
import { PropertyType, StatusCategory } from '../../src-shared/api'

const noComma = (what: string) =>
  z
    .string()
    .min(1)
    .refine(
      (s) => !s.includes(','),
      `${what} cannot contain a comma (filters use commas as separators)`,
    )

const Email = z.email('must be an e-mail address')

/** A project key; list filters refuse a `projectKey` value that is none (http/task-routes.ts). */
export const ProjectKey = z
  .string()
  .regex(
    /^[A-Z][A-Z0-9_]{0,19}$/,
    'project keys are 1-20 capital letters, digits or _, starting with a letter',
  )

export const BoardFile = z
  .strictObject({
    name: z.string().trim().min(1, 'a board needs a name').max(200),
    projects: z
      .array(
        z.strictObject({
          key: ProjectKey,
          name: z.string().trim().min(1).max(200),
        }),
      )
      .min(1, 'a board needs at least one project'),
    statuses: z
      .array(z.strictObject({ name: noComma('a status name').max(100), category: StatusCategory }))
      .min(1, 'a board needs at least one status'),
    members: z
      .array(
        z.strictObject({
          email: Email,
          name: z.string().trim().min(1).max(200),
          role: z.enum(['owner', 'member']),
        }),
      )
      .min(1, 'a board needs at least one member'),
    properties: z
      .array(
        z.strictObject({
          name: z.string().trim().min(1).max(100),
          type: PropertyType,
          options: z.array(noComma('an option').max(200)).optional(),
        }),
      )
      .default([]),
  })
  .superRefine((board, ctx) => {
    unique(
      ctx,
      board.projects.map((p) => p.key),
      'projects',
      'project key',
    )
    unique(
      ctx,
      board.statuses.map((s) => s.name),
      'statuses',
      'status name',
    )
    unique(
      ctx,
      board.members.map((m) => m.email.toLowerCase()),
      'members',
      'member e-mail',
    )
    unique(
      ctx,
      board.properties.map((p) => p.name),
      'properties',
      'property name',
    )
    if (!board.members.some((m) => m.role === 'owner')) {
      ctx.addIssue({
        code: 'custom',
        path: ['members'],
        message: 'a board needs at least one owner (only owners hold API keys)',
      })
    }
    board.properties.forEach((property, index) => {
      const needsOptions = property.type === 'Select' || property.type === 'Multi-Select'
      if (needsOptions && !property.options?.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['properties', index, 'options'],
          message: `a ${property.type} property needs options`,
        })
      }
      if (!needsOptions && property.options !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['properties', index, 'options'],
          message: `only Select and Multi-Select properties have options`,
        })
      }
    })
  })
export type BoardFile = z.infer<typeof BoardFile>

function unique(ctx: z.RefinementCtx, values: string[], path: string, what: string): void {
  const seen = new Set<string>()
  for (const value of values) {
    if (seen.has(value))
      ctx.addIssue({ code: 'custom', path: [path], message: `${what} "${value}" appears twice` })
    seen.add(value)
  }
}
