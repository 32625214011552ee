// What a board has shown of its vocabulary: the project keys, statuses, assignees, tags,
// milestones and custom properties found on its tasks. The interface has no endpoint that lists
// any of them (nor the custom property definitions), so forms and filters offer what the board
// has shown and let the user type a value it has not.
//
// A property's type is inferred from the values seen, as the spec's value shapes tell them apart:
// boolean -> Checkbox (a Toggle looks the same), number -> Number, array -> Multi-Select, and for
// strings: every value a date -> Date, an e-mail of someone on the board -> Person, another
// e-mail -> Email, an http(s) URL -> URL, few values each used several times -> Select, else
// Text. Mixed shapes fall back to Text, the type that accepts what the user types. Text and
// Select cannot be told apart for sure (a note typed on many tasks looks like an option), so a
// form offers a Select's options AND takes a value it has not seen: the board may have options
// no loaded task uses, and it refuses a wrong one with its own message.
import { toCanonicalTimestamp } from '../api/dates'
import { writableTimestamp } from '../schedule/days'
import type { PropertyType } from '../api/enums'
import type { Task } from '../api/resources'
import { isEmailAddress, isHttpUrl } from '../api/value-checks'

export interface PropertyShape {
  name: string
  type: PropertyType
  /** Values seen, sorted (Multi-Select: each item); what pickers and suggestions offer. */
  options: string[]
}

export interface MilestoneRef {
  id: string
  projectKey: string
  key: number
  title: string
}

export interface BoardVocabulary {
  projectKeys: string[]
  statuses: string[]
  /** E-mails of people seen on the board (assignees, creators, updaters), lower case. */
  assignees: string[]
  tags: string[]
  milestones: MilestoneRef[]
  /** Sorted by name. */
  properties: PropertyShape[]
}

/**
 * Could this be a member's e-mail, as the board shows who acted on a task? The service checks
 * membership only, so a member such as ops@localhost (no dot in the domain, as on many a
 * self-hosted board) counts; a name without an '@' (another board's "Ada Lovelace") does not.
 */
const mayBeMember = (value: string) => value.includes('@') && !/\s/.test(value)

/** At most this many distinct strings make a Select, when each is used at least twice on average. */
const SELECT_MAX_OPTIONS = 30

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const sorted = (values: Iterable<string>) => [...values].sort(byText)

export function boardVocabulary(tasks: readonly Task[]): BoardVocabulary {
  const projectKeys = new Set<string>()
  const statuses = new Set<string>()
  const people = new Set<string>()
  const tags = new Set<string>()
  const milestones: MilestoneRef[] = []
  const values = new Map<string, unknown[]>()
  for (const task of tasks) {
    projectKeys.add(task.projectKey)
    if (task.status) statuses.add(task.status)
    // Everyone the board shows acting on a task is a member: a Person property's e-mails are
    // told from an Email's by them (a member who only started or finished a task counts too).
    for (const email of [
      task.assignedUserEmail,
      task.createdBy,
      task.updatedBy,
      task.startedBy,
      task.endedBy,
    ]) {
      if (email && mayBeMember(email)) people.add(email.toLowerCase())
    }
    for (const tag of task.tags) tags.add(tag)
    if (task.type === 'milestone') {
      milestones.push({
        id: task.id,
        projectKey: task.projectKey,
        key: task.key,
        title: task.title,
      })
    }
    for (const [name, value] of Object.entries(task.properties)) {
      if (value === null || value === undefined || value === '') continue
      let seen = values.get(name)
      if (!seen) values.set(name, (seen = []))
      seen.push(value)
    }
  }
  milestones.sort((a, b) => byText(a.projectKey, b.projectKey) || a.key - b.key)
  const properties = sorted(values.keys()).map((name) =>
    inferProperty(name, values.get(name) ?? [], people),
  )
  return {
    projectKeys: sorted(projectKeys),
    statuses: sorted(statuses),
    assignees: sorted(people),
    tags: sorted(tags),
    milestones,
    properties,
  }
}

export function inferProperty(
  name: string,
  seen: readonly unknown[],
  people: ReadonlySet<string>,
): PropertyShape {
  const options = new Set<string>()
  const every = (test: (value: unknown) => boolean) => seen.length > 0 && seen.every(test)
  if (every((v) => typeof v === 'boolean')) return { name, type: 'Checkbox', options: [] }
  if (every((v) => typeof v === 'number')) return { name, type: 'Number', options: [] }
  if (every((v) => Array.isArray(v) && v.every((item) => typeof item === 'string'))) {
    for (const list of seen as string[][]) for (const item of list) options.add(item)
    return { name, type: 'Multi-Select', options: sorted(options) }
  }
  if (!every((v) => typeof v === 'string')) return { name, type: 'Text', options: [] }
  const strings = seen as string[]
  for (const value of strings) options.add(value)
  const type = stringType(strings, options.size, people)
  const offered = type === 'Date' || type === 'URL' ? [] : sorted(options)
  return { name, type, options: offered }
}

function stringType(
  strings: readonly string[],
  distinct: number,
  people: ReadonlySet<string>,
): PropertyType {
  // Any form a date may come in from another board (no zone, an offset), as the filters read it.
  if (strings.every((v) => toCanonicalTimestamp(writableTimestamp(v)) !== undefined)) {
    return 'Date'
  }
  // Members first: a member's e-mail need not pass the Email rule (ops@localhost).
  if (strings.every((v) => people.has(v.toLowerCase()))) return 'Person'
  if (strings.every(isEmailAddress)) return 'Email'
  if (strings.every(isHttpUrl)) return 'URL'
  if (distinct <= SELECT_MAX_OPTIONS && strings.length >= distinct * 2) return 'Select'
  return 'Text'
}

/** A property's type by name, for matching filters; Text for a property the board never showed. */
export function propertyTypes(vocabulary: BoardVocabulary): Map<string, PropertyType> {
  return new Map(vocabulary.properties.map((p) => [p.name, p.type]))
}
