// Limits the local board service enforces and the API client respects. The spec leaves them
// open ("not shown"); docs/board-service.md records the choice.
export const SERVICE_LIMITS = {
  /** Largest request body, in bytes. */
  bodyBytes: 4 * 1024 * 1024,
  /** Items per create or update batch (a create counts every subtask too). */
  batchItems: 1000,
  /** Tasks per list response (the spec's limit). */
  listPage: 100,
  titleLength: 500,
  descriptionLength: 100_000,
  tagsPerTask: 50,
  tagLength: 100,
  propertyTextLength: 10_000,
  multiSelectValues: 100,
  /** Nesting depth of subtasks on create (a task with subtasks is depth 1). */
  subtaskDepth: 8,
  /** Largest lag, in days, of a dependency. */
  lagDays: 3650,
} as const

export type ServiceLimits = typeof SERVICE_LIMITS
