// The list queries of the benchmark: three filters, as the planner's sync sends them (project,
// status, due-date window). Twenty combinations over the seeded board (dates centred on
// 2026-01-05; done work lies in the past, backlog in the future), most of them matching more
// than a page, so each request does real query work rather than repeating one result.

const COMBINATIONS: readonly [project: string, status: string, from: string, to: string][] = [
  ['WEB', 'Backlog', '2026-02-01', '2026-02-14'],
  ['APP', 'Backlog', '2026-03-01', '2026-03-31'],
  ['OPS', 'Backlog', '2026-05-01', '2026-05-07'],
  ['WEB', 'Backlog', '2026-06-15', '2026-07-15'],
  ['APP', 'To Do', '2026-01-05', '2026-02-28'],
  ['OPS', 'To Do', '2026-04-01', '2026-06-30'],
  ['WEB', 'In Progress', '2025-12-01', '2025-12-31'],
  ['APP', 'In Progress', '2025-11-01', '2026-01-19'],
  ['OPS', 'In Review', '2025-10-01', '2026-01-31'],
  ['WEB', 'Done', '2025-07-01', '2025-07-14'],
  ['APP', 'Done', '2025-09-01', '2025-10-31'],
  ['OPS', 'Done', '2025-12-15', '2026-01-05'],
  ['WEB', 'Cancelled', '2025-06-01', '2025-12-31'],
  ['APP', 'Backlog', '2026-01-06', '2026-01-12'],
  ['OPS', 'Backlog', '2026-07-01', '2026-08-31'],
  ['WEB', 'To Do', '2026-03-01', '2026-03-31'],
  ['APP', 'In Review', '2025-06-01', '2025-12-31'],
  ['OPS', 'In Progress', '2025-08-01', '2025-10-31'],
  ['WEB', 'Done', '2025-10-01', '2025-10-03'],
  ['APP', 'Cancelled', '2025-11-01', '2026-01-31'],
]

export function listPaths(): string[] {
  return COMBINATIONS.map(([project, status, from, to]) => {
    const e = encodeURIComponent
    return `/api/v1/tasks?projectKey=${e(project)}&status=${e(status)}&dueDate=${from},${to}`
  })
}
