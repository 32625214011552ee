// The list queries of the benchmark: three filters, as the planner's sync sends them (project,
// status, due-date window). Twenty combinations over the seeded board (dates centred on
// 2026-01-05; done work lies in the past, backlog in the future), most of them matching more
// than a page, so each request does real query work rather than repeating one result.
import { SEED_TAGS } from '../../src-server/seed/seed-board'

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

// The filter runs (issue 10, item 7): each filter kind of the list endpoint on its own, then all
// of them in rotation. Every kind has several values, so that no run repeats one query (the
// Checkbox and Toggle kinds, and type=milestone, have only the one value they name).

/** One kind of filter: its name in the report and the query strings (unencoded) it sends. */
export interface FilterKind {
  name: string
  queries: string[]
}

const MEMBERS = [
  'olivia.owner@example.com',
  'max.member@example.com',
  'ada.lovelace@example.com',
  'grace.hopper@example.com',
  'linus.t@example.com',
]
const PROJECTS = ['WEB', 'APP', 'OPS']
const STATUSES = ['Backlog', 'To Do', 'In Progress', 'In Review', 'Done', 'Cancelled']

/** `prop_<name>=<value>` for each value. */
const prop = (name: string, values: readonly string[]) => values.map((v) => `prop_${name}=${v}`)
const each = (param: string, values: readonly string[]) => values.map((v) => `${param}=${v}`)

/**
 * The 22 filter kinds over the seeded board: its demo custom properties (one kind per type,
 * Checkbox and Toggle once for true and once for false) and every other filter of the spec.
 * Dates fall where the seed puts them (start dates 2025-07 to 2026-08; Release Date values
 * 2025-11-06 to 2026-05-05). `milestoneIds`: milestones of the board, to filter by.
 */
export function filterKinds(milestoneIds: readonly string[]): FilterKind[] {
  return [
    {
      name: 'tag',
      queries: each('tag', [...SEED_TAGS, 'ui,bug', 'security,performance']),
    },
    {
      name: 'prop Number',
      queries: prop('Story Points', ['1', '2', '3', '5', '8', '13', '3,5', '8,13']),
    },
    {
      name: 'prop Select',
      queries: prop('Area', [
        'Frontend',
        'Backend',
        'Design',
        'Infra',
        'Frontend,Design',
        'Backend,Infra',
      ]),
    },
    {
      name: 'prop Multi-Select',
      queries: prop('Platforms', [
        'Web',
        'iOS',
        'Android',
        'Desktop',
        'iOS,Android',
        'Web,Desktop',
      ]),
    },
    {
      name: 'prop Person',
      queries: prop('Reviewer', [...MEMBERS, `${MEMBERS[2]},${MEMBERS[3]}`]),
    },
    {
      name: 'prop URL',
      queries: prop(
        'Spec',
        ['101', '250', '333', '407', '511', '642', '789', '998'].map(
          (n) => `https://specs.example.com/${n}`,
        ),
      ),
    },
    { name: 'prop Checkbox true', queries: prop('Blocked', ['true']) },
    { name: 'prop Checkbox false', queries: prop('Blocked', ['false']) },
    { name: 'prop Toggle true', queries: prop('Customer Facing', ['true']) },
    { name: 'prop Toggle false', queries: prop('Customer Facing', ['false']) },
    {
      name: 'prop Date range',
      queries: prop('Release Date', [
        '2025-11-10,2025-11-16',
        '2025-12-01,2025-12-31',
        '2026-01-05',
        '2026-01-01,2026-03-31',
        '2026-02-09,2026-02-15',
        '2026-03-01,2026-03-31',
        '2026-04-01,2026-05-05',
        '2025-11-06,2026-05-05',
      ]),
    },
    {
      name: 'prop Email',
      queries: prop('Contact', [
        'contact1@example.com',
        'contact7@example.com',
        'contact13@example.com',
        'contact20@example.com',
        'contact26@example.com',
        'contact33@example.com',
        'contact40@example.com',
        'contact2@example.com,contact3@example.com',
      ]),
    },
    {
      name: 'prop Text',
      queries: prop('Notes', [
        'needs sign-off',
        'low risk',
        'blocked on vendor',
        'see thread',
        'low risk,see thread',
      ]),
    },
    {
      name: 'startDate range',
      queries: each('startDate', [
        '2025-07-01,2025-07-31',
        '2025-09-15,2025-09-21',
        '2025-11-01,2025-12-31',
        '2026-01-05',
        '2026-01-01,2026-01-31',
        '2026-03-01,2026-05-31',
        '2026-06-15,2026-06-21',
        '2026-07-01,2026-08-31',
      ]),
    },
    {
      name: 'dueDate range',
      queries: each('dueDate', [
        '2025-08-01,2025-08-31',
        '2025-10-06,2025-10-12',
        '2025-12-01,2026-02-28',
        '2026-01-12',
        '2026-02-01,2026-02-28',
        '2026-04-01,2026-06-30',
        '2026-05-18,2026-05-24',
        '2026-07-15,2026-08-31',
      ]),
    },
    { name: 'type=milestone', queries: ['type=milestone'] },
    { name: 'pinToTop', queries: each('pinToTop', ['true', 'false']) },
    { name: 'priority', queries: each('priority', ['low', 'medium', 'high']) },
    {
      name: 'assignedUserEmail',
      queries: each('assignedUserEmail', [...MEMBERS, `${MEMBERS[0]},${MEMBERS[4]}`]),
    },
    {
      name: 'projectKey + status',
      queries: PROJECTS.flatMap((p) => STATUSES.map((s) => `projectKey=${p}&status=${s}`)),
    },
    { name: 'milestoneId', queries: each('milestoneId', milestoneIds) },
    { name: 'descriptionType', queries: each('descriptionType', ['text', 'markdown', 'html']) },
  ]
}

/**
 * A query string as a request path: names and values percent-encoded, except the `,` of comma
 * lists, `=` and `&`, which stay as the spec writes them.
 */
export function filterPath(query: string): string {
  const encoded = query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=')
      const e = (s: string) => encodeURIComponent(s).replace(/%2C/g, ',')
      return `${e(pair.slice(0, at))}=${e(pair.slice(at + 1))}`
    })
    .join('&')
  return `/api/v1/tasks?${encoded}`
}

/**
 * The mix: the kinds in rotation (request i takes kind i mod k), each kind's values in turn, so
 * consecutive requests never repeat a kind and every value of every kind is sent.
 */
export function mixPaths(kinds: readonly FilterKind[]): string[] {
  const longest = Math.max(...kinds.map((k) => k.queries.length))
  const paths: string[] = []
  for (let round = 0; round < longest; round += 1) {
    for (const kind of kinds)
      paths.push(filterPath(kind.queries[round % kind.queries.length] as string))
  }
  return paths
}
