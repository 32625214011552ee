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
  /** An Email property value: the longest address SMTP carries (RFC 5321, 4.5.3.1.3). */
  propertyEmailLength: 254,
  /** A URL property value: the length RFC 9110 (4.1) asks every HTTP party to support. */
  propertyUrlLength: 8000,
  /**
   * How deep a description may nest: block quotes and lists in markdown, elements in HTML
   * (docs/board-service.md says how it is counted). The converters recurse per level.
   */
  descriptionNesting: 100,
  multiSelectValues: 100,
  /** Nesting depth of subtasks on create (a task with subtasks is depth 1). */
  subtaskDepth: 8,
  /** Largest lag, in days, of a dependency. */
  lagDays: 3650,
} as const

export type ServiceLimits = typeof SERVICE_LIMITS
