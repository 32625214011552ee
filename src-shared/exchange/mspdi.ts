// MS Project XML (MSPDI, what "Save as XML" writes) read into an import plan:
// - tasks by OutlineLevel: a summary task's tasks become its subtasks; the project's own summary
//   (OutlineLevel 0) and empty rows (IsNull) are not tasks; nesting follows the board's rules as
//   a CSV's does (csv-parents.ts): a milestone is no subtask and takes none, 8 levels at most, a
//   tree no larger than one create request; what does not fit is placed at the top, and said;
// - each task checked with the board's create rules before anything is sent (title length, a
//   calendar date, start not after due...): one it would refuse is left out, with why;
// - milestones as milestones, due on their day;
// - Start and Finish as whole days (the timeline works in days): MS Project writes local times
//   with no zone, and a finish at the start of a working day (08:00) ends the day before;
// - finish-to-start links, their lag (tenths of a minute, or a percent of the predecessor's
//   duration) in days of the project's working day
//   (MinutesPerDay) or 24 h for elapsed lags; start-to-start, finish-to-finish and
//   start-to-finish links are reported, never turned into something else; links the board would
//   refuse (on a task itself, made twice, closing a loop) are left out as a CSV's are.
import { XMLParser } from 'fast-xml-parser'
import type { CreateTaskItem } from '../api'
import type { ImportPlan, PlanTask } from './import-plan'
import { createItemProblems, lagProblem } from './import-plan'
import { nestByParent } from './csv-parents'
import type { LinkCandidate } from './link-loops'
import { screenLinks } from './link-loops'
import { someOf } from './note-lists'
import { DAY_MS } from '../schedule/days'

const LINK_TYPES: Readonly<Record<string, string>> = {
  '0': 'finish-to-finish',
  '1': 'finish-to-start',
  '2': 'start-to-finish',
  '3': 'start-to-start',
}
/** LagFormat codes of elapsed durations (em, eh, ed, ew, emo, e%, and their estimated forms). */
const ELAPSED_FORMATS = new Set([4, 6, 8, 10, 12, 20, 36, 38, 40, 42, 44, 52])
/**
 * LagFormat codes of a lag in percent of the predecessor's duration (%, e%, and their estimated
 * forms). LinkLag then holds the percentage itself, not tenths of a minute (as MPXJ reads it).
 */
const PERCENT_FORMATS = new Set([19, 20, 51, 52])

/** Minutes of an ISO 8601 duration as MS Project writes it (`PT80H0M0S`); undefined if not one. */
function durationMinutes(value: string): number | undefined {
  const match = /^PT(\d+(?:\.\d+)?)H(\d+(?:\.\d+)?)M(\d+(?:\.\d+)?)S$/.exec(value)
  if (!match) return undefined
  return Number(match[1]) * 60 + Number(match[2]) + Number(match[3]) / 60
}

type Node = Record<string, unknown>

const text = (node: Node, name: string): string => {
  const value = node[name]
  return value === undefined || value === null ? '' : String(value).trim()
}
const list = (value: unknown): Node[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).filter(isNode)
function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null
}

/** `2003-01-07T08:00:00` -> day and minutes into it; undefined when unreadable. */
function localInstant(value: string): { day: string; minutes: number } | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value)
  if (!match) return undefined
  return { day: match[1]!, minutes: Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0) }
}

function previousDay(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`) - DAY_MS
  return new Date(ms).toISOString().slice(0, 10)
}

export class MspdiError extends Error {}

/** Deeper than MS Project itself nests (it stops well before); a file past it is not its own. */
const MAX_OUTLINE_LEVEL = 100

/**
 * A document type declaration before the root: MS Project writes none. fast-xml-parser expands
 * its internal entities but leaves nested ones as text, so a file with one read as other text
 * than it says; it is refused rather than half-read.
 */
function hasDoctype(xml: string): boolean {
  // A scan of the prolog, not a pattern: `(?:<!--[\s\S]*?-->)*` backtracks exponentially on a
  // run of empty comments (40 of them froze the window for hours).
  let at = xml.charCodeAt(0) === 0xfeff ? 1 : 0
  for (;;) {
    while (at < xml.length && /\s/.test(xml[at] as string)) at += 1
    const open = xml.startsWith('<?', at) ? '<?' : xml.startsWith('<!--', at) ? '<!--' : undefined
    if (open === undefined) return xml.slice(at, at + 9).toUpperCase() === '<!DOCTYPE'
    const close = open === '<?' ? '?>' : '-->'
    const end = xml.indexOf(close, at + open.length)
    if (end < 0) return false
    at = end + close.length
  }
}

/** Tasks named in the note on tasks whose summary is left out. */
const NAMED_ORPHANS = 10

export function planMspdi(xml: string): ImportPlan {
  if (hasDoctype(xml))
    throw new MspdiError(
      "The file has a DOCTYPE (a document type declaration), which MS Project does not write: its entities could change the file's text, so it is not read. Save the project from MS Project as XML again. Nothing was imported.",
    )
  // htmlEntities: character references (`&#233;`, `&#x1F600;`, what writers that escape every
  // non-ASCII character write) are decoded, not kept as text.
  const parser = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: true,
    htmlEntities: true,
  })
  let doc: Node
  try {
    doc = parser.parse(xml) as Node
  } catch (error) {
    throw new MspdiError(`This is not readable XML: ${String(error)}`)
  }
  const project = doc['Project']
  if (!isNode(project) || (!isNode(project['Tasks']) && project['Tasks'] !== ''))
    throw new MspdiError('This is not an MS Project XML file (no <Project> with <Tasks>).')
  const minutesPerDay = Number(text(project, 'MinutesPerDay')) || 480
  const dayStart = localInstant(`2000-01-01T${text(project, 'DefaultStartTime') || '08:00:00'}`)!
  const tasks = isNode(project['Tasks']) ? list(project['Tasks']['Task']) : []

  const plan: ImportPlan = { roots: [], links: [], skipped: [], notes: [] }
  const byUid = new Map<string, PlanTask>()
  const nameByUid = new Map<string, string>()
  /** Each task's duration in working minutes, where the file gives one (for percent lags). */
  const minutesByUid = new Map<string, number>()
  // Open summaries by outline level: stack[level - 1] is the parent of a task at `level`; a
  // summary left out is there by its source, so its tasks can say why they are at the top.
  const stack: (PlanTask | { leftOut: string } | undefined)[] = []
  const orphans: string[] = []
  /** Each task's summary, by UID: nested by csv-parents.ts's rules (and limits) at the end. */
  const parentUid = new Map<PlanTask, string>()
  const rawLinks: { successor: string; link: Node }[] = []

  const seenUids = new Set<string>()
  for (const [position, node] of tasks.entries()) {
    // A task's UID names it in every link. One with none (MS Project always writes one) gets a
    // name of its own, which no link can use; two tasks with one UID make every link to it
    // ambiguous, and the file is not read.
    const uid = text(node, 'UID') || `#${position + 1}`
    if (seenUids.has(uid))
      throw new MspdiError(
        `Two tasks have UID ${uid}; MS Project gives each task its own, so the file's links cannot be told apart. Nothing was imported.`,
      )
    seenUids.add(uid)
    const level = Number(text(node, 'OutlineLevel') || '1')
    if (!Number.isInteger(level) || level < 0 || level > MAX_OUTLINE_LEVEL) {
      throw new MspdiError(
        `Task UID ${uid} has OutlineLevel "${text(node, 'OutlineLevel')}"; MS Project writes a whole number from 0 to ${MAX_OUTLINE_LEVEL} there. Nothing was imported.`,
      )
    }
    if (level === 0 || text(node, 'IsNull') === '1') continue
    const name = text(node, 'Name')
    const source = `task ${text(node, 'ID') || uid} (UID ${uid})`
    nameByUid.set(uid, name || source)
    const duration = durationMinutes(text(node, 'Duration'))
    if (duration !== undefined) minutesByUid.set(uid, duration)
    stack.length = Math.max(0, level - 1)
    if (!name) {
      plan.skipped.push({ source, reason: 'it has no name (the board needs a title)' })
      stack[level - 1] = { leftOut: source }
      continue
    }
    // An inactive task is one the plan no longer holds (MS Project keeps it, struck through).
    if (text(node, 'Active') === '0') {
      plan.skipped.push({
        source: `"${name}" (${source})`,
        reason: 'it is inactive in MS Project (kept there struck through, out of the plan)',
      })
      stack[level - 1] = { leftOut: `"${name}" (${source})` }
      continue
    }
    const milestone = text(node, 'Milestone') === '1'
    const start = localInstant(text(node, 'Start'))
    const finish = localInstant(text(node, 'Finish'))
    const item: Omit<CreateTaskItem, 'projectKey' | 'subtasks'> = {
      title: name,
      descriptionType: 'text',
      descriptionContent: text(node, 'Notes'),
    }
    if (milestone) {
      item.type = 'milestone'
      const at = finish ?? start
      if (at) item.dueDate = at.day
    } else {
      if (start) item.startDate = start.day
      if (finish) {
        // A finish at or before the working day's start belongs to the day before.
        const endsAtDayStart =
          finish.minutes <= dayStart.minutes && (!start || finish.day > start.day)
        item.dueDate = endsAtDayStart ? previousDay(finish.day) : finish.day
      }
    }
    const task: PlanTask = { ref: uid, item, children: [], source: `"${name}" (${source})` }
    // The links are read either way: one to a task left out is reported as such.
    for (const link of list(node['PredecessorLink'])) rawLinks.push({ successor: uid, link })
    // One refused item sinks its whole create request: the board's rules, checked here.
    const problems = createItemProblems(item)
    if (problems.length > 0) {
      plan.skipped.push({ source: task.source, reason: problems.join('; ') })
      stack[level - 1] = { leftOut: task.source }
      continue
    }
    byUid.set(uid, task)
    const parent = stack[level - 2]
    if (parent && 'leftOut' in parent) orphans.push(`${task.source} under ${parent.leftOut}`)
    else if (parent) parentUid.set(task, parent.ref)
    plan.roots.push(task)
    stack[level - 1] = task
  }
  // Summaries become parents within the board's rules (a milestone is no subtask and takes
  // none, 8 levels at most, a tree no larger than one create request), each exception said.
  nestByParent(
    plan,
    (task) => task.ref,
    (task) => parentUid.get(task) ?? '',
  )
  if (orphans.length > 0)
    plan.notes.push(
      `Imported at the top level because their summary task is left out: ${someOf(orphans, '; ', NAMED_ORPHANS)}.`,
    )

  const candidates: LinkCandidate[] = []

  for (const { successor, link } of rawLinks) {
    const predecessor = text(link, 'PredecessorUID')
    const label = `${nameByUid.get(predecessor) ?? `UID ${predecessor}`} → ${nameByUid.get(successor)}`
    const type = LINK_TYPES[text(link, 'Type') || '1'] ?? `type ${text(link, 'Type')}`
    if (type !== 'finish-to-start') {
      plan.skipped.push({
        source: label,
        reason: `a ${type} link: the board has finish-to-start dependencies only`,
      })
      continue
    }
    if (!byUid.has(predecessor) || !byUid.has(successor)) {
      plan.skipped.push({ source: label, reason: 'one of its tasks is not imported' })
      continue
    }
    const format = Number(text(link, 'LagFormat'))
    const lag = Number(text(link, 'LinkLag') || '0')
    if (!Number.isFinite(lag)) {
      plan.skipped.push({
        source: label,
        reason: `its lag "${text(link, 'LinkLag')}" is not a number`,
      })
      continue
    }
    let exact: number
    if (PERCENT_FORMATS.has(format)) {
      // A share of the predecessor's duration, in its working days.
      const minutes = minutesByUid.get(predecessor)
      if (minutes === undefined) {
        plan.skipped.push({
          source: label,
          reason: `a lag of ${lag}% of its predecessor's duration, which the file does not give`,
        })
        continue
      }
      exact = ((lag / 100) * minutes) / minutesPerDay
    } else {
      const elapsed = ELAPSED_FORMATS.has(format)
      exact = lag / 10 / (elapsed ? 1440 : minutesPerDay)
    }
    const lagDays = Math.round(exact) || 0
    const problem = lagProblem(lagDays)
    if (problem) {
      plan.skipped.push({ source: label, reason: problem })
      continue
    }
    if (Math.abs(exact - lagDays) > 1e-9)
      plan.notes.push(`${label}: a lag of ${exact.toFixed(2)} days is rounded to ${lagDays}.`)
    candidates.push({
      predecessor: { ref: predecessor },
      successorRef: successor,
      lagDays,
      label: lagDays ? `${label} (+${lagDays}d)` : label,
      from: predecessor,
      name: nameByUid.get(predecessor)!,
    })
  }
  // What the board refuses one by one after the tasks are made, known before anything is sent.
  plan.links = screenLinks(candidates, plan.skipped)
  return plan
}
