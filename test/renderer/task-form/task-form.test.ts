// The task forms' rules without a DOM: validation in the service's words, the create item and
// the update's changed fields, the link rules, and which keys open the forms.
import { describe, expect, it } from 'vitest'
import type { Task } from '../../../src-shared/api'
import { CreateTaskItem } from '../../../src-shared/api'
import type { PropertyShape } from '../../../src-shared/board/vocabulary'
import { boardVocabulary } from '../../../src-shared/board/vocabulary'
import {
  dayOf,
  draftFromTask,
  EMPTY_DRAFT,
  timestampForDay,
} from '../../../src-renderer/task-form/draft'
import type { TaskDraft } from '../../../src-renderer/task-form/draft'
import {
  followTask,
  shownErrors,
  touchedBy,
  withPendingTag,
} from '../../../src-renderer/task-form/form-state'
import {
  milestoneProblem,
  parentChoice,
  parentProblem,
} from '../../../src-renderer/task-form/links'
import { keyAction } from '../../../src-renderer/task-form/open-keys'
import { navigationAction } from '../../../src-renderer/timeline/view/navigation-keys'
import { changesFrom, createItemFrom } from '../../../src-renderer/task-form/to-request'
import { INCOMPLETE_DATE } from '../../../src-renderer/task-form/draft'
import { validateDraft } from '../../../src-renderer/task-form/validate'
import { task } from '../state/fixtures'

const PROPERTIES: PropertyShape[] = [
  { name: 'Blocked', type: 'Checkbox', options: [] },
  { name: 'Estimate', type: 'Number', options: [] },
  { name: 'Contact', type: 'Email', options: [] },
  { name: 'Spec', type: 'URL', options: [] },
  { name: 'Area', type: 'Multi-Select', options: ['api', 'ui'] },
  { name: 'Release Date', type: 'Date', options: [] },
]

const parent = task('p', { projectKey: 'APP', key: 1, title: 'Parent' })
const child = task('c', { projectKey: 'APP', key: 2, title: 'Child', parentId: 'p' })
const grandchild = task('g', { projectKey: 'APP', key: 3, title: 'Grandchild', parentId: 'c' })
const milestone = task('m', { projectKey: 'APP', key: 4, title: 'Beta', type: 'milestone' })
const other = task('o', { projectKey: 'APP', key: 5, title: 'Other' })
const tasksById: Record<string, Task> = Object.fromEntries(
  [parent, child, grandchild, milestone, other].map((t) => [t.id, t]),
)

const draft = (fields: Partial<TaskDraft>): TaskDraft => ({
  ...EMPTY_DRAFT,
  title: 'Write docs',
  projectKey: 'APP',
  ...fields,
})
const create = (d: TaskDraft) =>
  validateDraft(d, { mode: 'create', tasksById, properties: PROPERTIES })

describe('validation in the service words', () => {
  it('a blank or long title, a comma in a tag, too many tags', () => {
    expect(create(draft({ title: '   ' })).title).toBe('must not be blank')
    expect(create(draft({ title: 'x'.repeat(501) })).title).toBe('at most 500 characters')
    expect(create(draft({ tags: ['a,b'] })).tags).toMatch(/cannot contain a comma/)
    const tags = Array.from({ length: 51 }, (_, i) => `t${i}`)
    expect(create(draft({ tags })).tags).toBe('at most 50 tags')
    expect(create(draft({}))).toEqual({})
  })

  it('a description nested deeper than the service converts, measured as the service does', () => {
    const deep = (type: 'markdown' | 'html', levels: number) =>
      create(
        draft({
          descriptionType: type,
          descriptionContent:
            type === 'markdown'
              ? `${'> '.repeat(levels)}deep`
              : `${'<div>'.repeat(levels)}deep${'</div>'.repeat(levels)}`,
        }),
      ).descriptionContent
    expect(deep('markdown', 101)).toMatch(/^nests more than 100 levels deep .*; flatten it$/)
    expect(deep('html', 101)).toMatch(/^nests more than 100 levels deep/)
    expect(deep('markdown', 100)).toBeUndefined()
    expect(deep('html', 100)).toBeUndefined()
  })

  it('property values by type, as property-values.ts words them', () => {
    const errors = create(
      draft({
        properties: { Contact: 'not-an-email', Spec: 'ftp://x', Estimate: Number.NaN },
      }),
    )
    expect(errors['property:Contact']).toBe('a Email property takes an e-mail address')
    expect(errors['property:Spec']).toBe('a URL property takes an http(s) URL')
    expect(errors['property:Estimate']).toBe('a Number property takes a finite number')
    expect(create(draft({ properties: { Spec: 'https://example.com/spec' } }))).toEqual({})
  })

  it('the start after the due date; a bad assignee; a blank subtask title', () => {
    expect(create(draft({ startDate: '2026-05-02', dueDate: '2026-05-01' })).startDate).toMatch(
      /is after the due date/,
    )
    expect(create(draft({ assignedUserEmail: 'bob' })).assignedUserEmail).toBe(
      'must be the e-mail of a board member',
    )
    const sub = { key: 1, title: ' ', status: '', assignedUserEmail: '', dueDate: '' }
    expect(create(draft({ subtasks: [sub] }))['subtask:1']).toBe('must not be blank')
  })

  it('a member whose e-mail has no dot in its domain can be assigned and picked as a Person', () => {
    // The board checks membership only: ops@localhost is a member on many a self-hosted board,
    // and the planner refused it before anything was sent. Whether it is a member is the board's
    // to say, in its answer.
    const shapes: PropertyShape[] = [
      ...PROPERTIES,
      { name: 'Reviewer', type: 'Person', options: [] },
    ]
    const sub = {
      key: 1,
      title: 'Check',
      status: '',
      assignedUserEmail: 'ops@localhost',
      dueDate: '',
    }
    const d = draft({
      assignedUserEmail: 'ops@localhost',
      properties: { Reviewer: 'ops@localhost' },
      subtasks: [sub],
    })
    expect(validateDraft(d, { mode: 'create', tasksById, properties: shapes })).toEqual({})
    expect(
      validateDraft(draft({ properties: { Reviewer: 'Ops' } }), {
        mode: 'create',
        tasksById,
        properties: shapes,
      })['property:Reviewer'],
    ).toBe('a Person property takes the e-mail of a board member')
    // An Email property keeps the service's own e-mail rule.
    expect(create(draft({ properties: { Contact: 'ops@localhost' } }))['property:Contact']).toBe(
      'a Email property takes an e-mail address',
    )
  })

  it('a new milestone cannot be created as a subtask', () => {
    expect(create(draft({ type: 'milestone', parentId: 'p' })).parentId).toBe(
      'a milestone cannot be a subtask',
    )
    expect(create(draft({ parentId: 'p' }))).toEqual({})
  })

  it('a milestone is not checked on the fields the board ignores for it', () => {
    const d = draft({ type: 'milestone', tags: ['a,b'], assignedUserEmail: 'bob' })
    expect(create(d)).toEqual({})
  })

  it('a start date half typed, then hidden by choosing Milestone, does not block Create', () => {
    // The field is gone for a milestone and the date is not sent, yet its rule stopped Create
    // with nothing on screen to say why.
    const d = draft({ type: 'milestone', startDate: INCOMPLETE_DATE, dueDate: '2026-05-04' })
    expect(create(d)).toEqual({})
    expect(create({ ...d, startDate: 'not a day' })).toEqual({})
    // Its own field still has its rule.
    expect(create({ ...d, dueDate: INCOMPLETE_DATE }).dueDate).toMatch(/not a whole date/)
  })

  it('a pending tag with a comma is named before anything is sent', () => {
    expect(withPendingTag(['a'], 'b,c')).toEqual({
      problem: expect.stringMatching(/"b,c": a tag cannot contain a comma/),
    })
    expect(withPendingTag(['a'], ' b ')).toEqual({ tags: ['a', 'b'] })
    // Typed but not entered, a 51st tag is still one too many.
    const fifty = Array.from({ length: 50 }, (_, i) => `t${i}`)
    expect(withPendingTag(fifty, 't50')).toEqual({ problem: 'at most 50 tags' })
    expect(withPendingTag(fifty, 't49')).toEqual({ tags: fifty })
  })
})

describe('links', () => {
  it('never makes a task its own ancestor', () => {
    expect(parentProblem(tasksById, 'p', 'p')).toBe(
      'APP-1 is the task itself; a task cannot become its own ancestor',
    )
    expect(parentProblem(tasksById, 'p', 'g')).toBe(
      'APP-3 is a subtask of this task; a task cannot become its own ancestor',
    )
    expect(parentProblem(tasksById, 'g', 'p')).toBeUndefined()
    expect(parentProblem(tasksById, 'p', '')).toBeUndefined()
  })

  it('subtasks nest at most 8 levels deep, as the service counts them, on a move and on a create', () => {
    // L1 > L2 > ... > L8, and a task with one subtask.
    const chain = Array.from({ length: 8 }, (_, i) =>
      task(`L${i + 1}`, { projectKey: 'OPS', key: i + 1, parentId: i === 0 ? '' : `L${i}` }),
    )
    const board: Record<string, Task> = Object.fromEntries(
      [...chain, parent, child, other].map((t) => [t.id, t]),
    )
    expect(parentProblem(board, 'o', 'L8')).toBe(
      "under OPS-8 this task's subtasks would nest 9 levels deep; subtasks nest at most 8 levels deep",
    )
    expect(parentProblem(board, 'o', 'L7')).toBeUndefined()
    // A parent brings its subtask along: under L7 that ends at level 9.
    expect(parentProblem(board, 'p', 'L7')).toMatch(/would nest 9 levels deep/)
    expect(parentProblem(board, 'p', 'L6')).toBeUndefined()
    // "New subtask" of L8: refused before the task is created (the link would be refused after).
    const context = { mode: 'create' as const, tasksById: board, properties: [] }
    expect(validateDraft(draft({ parentId: 'L8' }), context).parentId).toMatch(/would nest 9/)
    expect(validateDraft(draft({ parentId: 'L7' }), context).parentId).toBeUndefined()
    const withSubtask = draft({
      parentId: 'L7',
      subtasks: [{ key: 1, title: 'Step', status: '', assignedUserEmail: '', dueDate: '' }],
    })
    expect(validateDraft(withSubtask, context).parentId).toMatch(/would nest 9/)
  })

  it('a milestone given a parent elsewhere can have it cleared in its panel; no other is picked', () => {
    // The spec takes parentId "" on any update, yet the panel hid Parent for every milestone,
    // so one another board had made a subtask could never be unlinked from the planner.
    const linked = { ...milestone, parentId: 'p' }
    expect(parentChoice(linked)).toBe('clear')
    expect(parentChoice(milestone)).toBe('none')
    expect(parentChoice(child)).toBe('pick')
    const d = { ...draftFromTask(linked, []), parentId: '' }
    expect(changesFrom(linked, d, [])).toEqual({ parentId: '' })
    expect(validateDraft(d, { mode: 'update', tasksById, properties: [], task: linked })).toEqual(
      {},
    )
  })

  it('a milestone is never a subtask, never a parent, never in a milestone', () => {
    expect(parentProblem(tasksById, 'm', 'o')).toBe('a milestone cannot be a subtask')
    expect(parentProblem(tasksById, 'o', 'm')).toBe(
      'APP-4 is a milestone; milestones have no subtasks',
    )
    expect(milestoneProblem(tasksById, 'milestone', 'm')).toMatch(/cannot belong/)
    expect(milestoneProblem(tasksById, 'task', 'o')).toBe('APP-5 is a task, not a milestone')
    expect(milestoneProblem(tasksById, 'task', 'm')).toBeUndefined()
  })
})

describe('the create item', () => {
  it('holds what was given, subtasks inline, and passes the contract schema', () => {
    const item = createItemFrom(
      draft({
        status: 'To Do',
        assignedUserEmail: 'ada@example.com',
        priority: 'high',
        pinToTop: true,
        tags: ['docs'],
        startDate: '2026-05-01',
        dueDate: '2026-05-03',
        milestoneId: 'm',
        properties: { Blocked: false, Estimate: 3, Area: ['ui'], Contact: '' },
        subtasks: [{ key: 1, title: 'Outline', status: '', assignedUserEmail: '', dueDate: '' }],
      }),
      PROPERTIES,
    )
    expect(item).toEqual({
      title: 'Write docs',
      projectKey: 'APP',
      descriptionType: 'markdown',
      descriptionContent: '',
      status: 'To Do',
      assignedUserEmail: 'ada@example.com',
      priority: 'high',
      pinToTop: true,
      tags: ['docs'],
      startDate: '2026-05-01',
      dueDate: '2026-05-03',
      milestoneId: 'm',
      properties: { Estimate: 3, Area: ['ui'] },
      subtasks: [
        { title: 'Outline', projectKey: 'APP', descriptionType: 'text', descriptionContent: '' },
      ],
    })
    expect(CreateTaskItem.safeParse(item).success).toBe(true)
  })

  it('a milestone sends none of the fields the milestone rule ignores', () => {
    const item = createItemFrom(
      draft({
        type: 'milestone',
        priority: 'high',
        tags: ['x'],
        startDate: '2026-05-01',
        dueDate: '2026-06-01',
        milestoneId: 'm',
      }),
      PROPERTIES,
    )
    expect(item).toEqual({
      title: 'Write docs',
      projectKey: 'APP',
      descriptionType: 'markdown',
      descriptionContent: '',
      dueDate: '2026-06-01',
      type: 'milestone',
    })
  })
})

describe('the update: only what changed', () => {
  const base = task('t', {
    projectKey: 'APP',
    key: 9,
    title: 'Login',
    status: 'To Do',
    assignedUserEmail: 'ada@example.com',
    startDate: '2026-03-02T09:30:00.000Z',
    dueDate: '2026-03-04T17:00:00.000Z',
    tags: ['ui'],
    properties: { Estimate: 2, Area: ['ui'] },
    description: 'Plain words',
  })

  it('nothing changed: nothing to send', () => {
    expect(changesFrom(base, draftFromTask(base, PROPERTIES), PROPERTIES)).toEqual({})
  })

  it('a board status with a space at an end is not a change the user made', () => {
    // Sent trimmed on every save, it moved the task to another status (or was refused).
    const spaced = { ...base, status: 'Done ' }
    expect(changesFrom(spaced, draftFromTask(spaced, PROPERTIES), PROPERTIES)).toEqual({})
  })

  it('changed fields only; a cleared due date is empty; a moved day keeps its time', () => {
    const d = draftFromTask(base, PROPERTIES)
    const changes = changesFrom(
      base,
      {
        ...d,
        title: 'Login v2',
        status: 'Done',
        assignedUserEmail: '',
        tags: ['ui', 'auth'],
        dueDate: '',
        startDate: '2026-03-03',
        properties: { ...d.properties, Estimate: 5, Area: [] },
        parentId: 'p',
        milestoneId: 'm',
      },
      PROPERTIES,
    )
    expect(changes).toEqual({
      title: 'Login v2',
      status: 'Done',
      assignedUserEmail: '',
      tags: ['ui', 'auth'],
      dueDate: '',
      startDate: '2026-03-03T09:30:00.000Z',
      properties: { Estimate: 5, Area: null },
      parentId: 'p',
      milestoneId: 'm',
    })
  })

  it('a date left incomplete is sent to the rules as it is, not thrown on', () => {
    // A task with a time of day: reading the incomplete date as a day threw before Save could
    // show the rule.
    const d = draftFromTask(base, PROPERTIES)
    const changes = changesFrom(base, { ...d, dueDate: INCOMPLETE_DATE }, PROPERTIES)
    expect(changes.dueDate).toBe(INCOMPLETE_DATE)
  })

  it('a Date property moved to another day keeps its time of day; one with none stays a day', () => {
    const timed = { ...base, properties: { 'Release Date': '2024-05-01T15:30:00.000Z' } }
    const d = draftFromTask(timed, PROPERTIES)
    const moved = { ...d, properties: { ...d.properties, 'Release Date': '2024-05-02' } }
    expect(changesFrom(timed, moved, PROPERTIES)).toEqual({
      properties: { 'Release Date': '2024-05-02T15:30:00.000Z' },
    })
    const day = { ...base, properties: { 'Release Date': '2024-05-01' } }
    const e = draftFromTask(day, PROPERTIES)
    expect(
      changesFrom(
        day,
        { ...e, properties: { ...e.properties, 'Release Date': '2024-05-02' } },
        PROPERTIES,
      ),
    ).toEqual({ properties: { 'Release Date': '2024-05-02' } })
  })

  it('a custom property the user never touched is never sent, whatever its type reads as now', () => {
    // The panel opened while every Review on the board was a date; another task's "n/a" synced
    // in meanwhile and made Review read as Text, and renaming the task sent its Review back as
    // the bare day it showed, dropping the board's time of day.
    const reviewed = task('a', {
      title: 'Login',
      properties: { Review: '2024-03-10T15:30:00.000Z' },
    })
    const other = task('b', { properties: { Review: '2024-04-01' } })
    const atOpen = boardVocabulary([reviewed, other]).properties
    const renamed = { ...draftFromTask(reviewed, atOpen), title: 'Login v2' }
    const now = boardVocabulary([reviewed, { ...other, properties: { Review: 'n/a' } }]).properties
    expect(now.find((p) => p.name === 'Review')?.type).toBe('Text')
    expect(changesFrom(reviewed, renamed, now, new Set(['title']))).toEqual({ title: 'Login v2' })
    // One the user did edit is sent, and only that one.
    const moved = { ...renamed, properties: { ...renamed.properties, Review: '2024-03-12' } }
    expect(changesFrom(reviewed, moved, atOpen, new Set(['title', 'property:Review']))).toEqual({
      title: 'Login v2',
      properties: { Review: '2024-03-12T15:30:00.000Z' },
    })
  })

  it('a changed description, or one given another format, is sent whole with its format', () => {
    const d = draftFromTask(base, PROPERTIES)
    expect(d.descriptionType).toBe('markdown')
    expect(changesFrom(base, { ...d, descriptionType: 'html' }, PROPERTIES)).toEqual({
      descriptionType: 'html',
      descriptionContent: 'Plain words',
    })
    expect(changesFrom(base, { ...d, descriptionContent: '**New**' }, PROPERTIES)).toEqual({
      descriptionType: 'markdown',
      descriptionContent: '**New**',
    })
  })

  it('update mode: a blank status is refused', () => {
    const d = { ...draftFromTask(base, PROPERTIES), status: '' }
    const errors = validateDraft(d, {
      mode: 'update',
      tasksById,
      properties: PROPERTIES,
      task: base,
    })
    expect(errors.status).toBe('must not be blank')
  })

  it('timestampForDay keeps the time of day, or sends the bare day', () => {
    expect(timestampForDay('2026-04-01', '2026-03-02T09:30:00.000Z')).toBe(
      '2026-04-01T09:30:00.000Z',
    )
    expect(timestampForDay('2026-04-01', '')).toBe('2026-04-01')
    expect(timestampForDay('', '2026-03-02T09:30:00.000Z')).toBe('')
  })

  it('a date a board wrote with an offset shows and moves as its bar does: by its UTC day', () => {
    // 8 June 00:00 at +02:00 is 7 June 22:00 UTC, where the bar ends: the form says 7 June.
    expect(dayOf('2026-06-08T00:00:00.000+02:00')).toBe('2026-06-07')
    // 22:00 at -05:00 on 8 June is 03:00 UTC on 9 June. Picking 10 June moves it one day, as a
    // drag of the bar by one day does; written as it was, it would have landed on 11 June.
    expect(timestampForDay('2026-06-10', '2026-06-08T22:00:00-05:00')).toBe(
      '2026-06-10T03:00:00.000Z',
    )
  })

  it('timestampForDay sends a time the board wrote without a zone in UTC (as it reads), so writes take it', () => {
    // Another board's `2026-03-02T09:30:00` (no zone): kept as written, the form's own check and
    // the board refused the edit ("a date-time with a zone").
    expect(timestampForDay('2026-04-01', '2026-03-02T09:30:00')).toBe('2026-04-01T09:30:00.000Z')
    expect(timestampForDay('2026-04-01', '2026-03-02T09:30:00+0200')).toBe(
      '2026-04-01T07:30:00.000Z',
    )
  })
})

describe('form state and keys', () => {
  it('shows only the touched fields until a first attempt', () => {
    const errors = { title: 'must not be blank', tags: 'x' }
    const touched = new Set(touchedBy({ title: '' }))
    expect(shownErrors(errors, touched, false)).toEqual({ title: 'must not be blank' })
    expect(shownErrors(errors, touched, true)).toEqual(errors)
  })

  it('a new subtask row, or an edit of one property, shows no rule of the others yet', () => {
    const before = draft({
      subtasks: [{ key: 1, title: 'First', status: '', assignedUserEmail: '', dueDate: '' }],
      properties: { Estimate: 2, Contact: 'not-an-address' },
    })
    const blank = { key: 2, title: '', status: '', assignedUserEmail: '', dueDate: '' }
    expect(touchedBy({ subtasks: [...before.subtasks, blank] }, before)).toEqual([])
    const typed = { ...blank, title: 'Second' }
    expect(
      touchedBy(
        { subtasks: [before.subtasks[0]!, typed] },
        { ...before, subtasks: [before.subtasks[0]!, blank] },
      ),
    ).toEqual(['subtask:2'])
    expect(touchedBy({ properties: { ...before.properties, Estimate: 3 } }, before)).toEqual([
      'property:Estimate',
    ])
  })

  it('N creates and Enter opens details, never while typing or with a modifier', () => {
    const key = (k: string, extra: Partial<KeyboardEvent> = {}) =>
      keyAction({
        key: k,
        ctrlKey: false,
        metaKey: false,
        altKey: false,
        defaultPrevented: false,
        target: null,
        ...extra,
      })
    expect(key('n')).toBe('create')
    expect(key('N')).toBe('create')
    expect(key('Enter')).toBe('details')
    expect(key('n', { ctrlKey: true })).toBeUndefined()
    expect(key('Enter', { defaultPrevented: true })).toBeUndefined()
    expect(key('x')).toBeUndefined()
  })

  it('letters work with a button focused (after a click on "Today"), Enter on it is the button’s', () => {
    // T and F did nothing once a toolbar button had been clicked: a button counted as a field.
    const on = (tag: string) => ({
      closest: (selector: string) =>
        selector
          .split(',')
          .map((s) => s.trim())
          .includes(tag)
          ? {}
          : null,
    })
    const press = (k: string, tag: string) => {
      const event = {
        key: k,
        ctrlKey: false,
        metaKey: false,
        altKey: false,
        defaultPrevented: false,
        target: on(tag) as unknown as EventTarget,
      }
      return [keyAction(event), navigationAction(event)]
    }
    expect(press('f', 'button')).toEqual([undefined, 'fit'])
    expect(press('t', 'button')).toEqual([undefined, 'today'])
    expect(press('n', 'button')).toEqual(['create', undefined])
    expect(press('Enter', 'button')).toEqual([undefined, undefined])
    expect(press('f', 'input')).toEqual([undefined, undefined])
    expect(press('n', 'textarea')).toEqual([undefined, undefined])
  })
})

describe('a task that changes while its panel is open', () => {
  it('shows the new values of the fields the user left alone and keeps the user\u2019s', () => {
    const opened = task('t1', {
      title: 'Old title',
      status: 'To Do',
      tags: ['ui'],
      properties: { Estimate: 3, Blocked: false },
    })
    const synced = {
      ...opened,
      title: 'Their title',
      status: 'Done',
      tags: ['ui', 'api'],
      properties: { Estimate: 5, Blocked: true },
    }
    const shown = draftFromTask(opened, PROPERTIES)
    const mine = {
      ...shown,
      status: 'In Review',
      properties: { ...shown.properties, Blocked: true },
    }
    const next = followTask(mine, shown, draftFromTask(synced, PROPERTIES))
    expect(next).toMatchObject({ title: 'Their title', status: 'In Review', tags: ['ui', 'api'] })
    expect(next.properties).toMatchObject({ Estimate: 5, Blocked: true })
    // And what Save sends, measured against the task as it is now: only the user's status.
    expect(changesFrom(synced, next, PROPERTIES)).toEqual({ status: 'In Review' })
  })

  it('never follows a field the user touched, even one the board came to agree with', () => {
    // The user sets Done; a sync brings Done (a colleague did the same); then the colleague sets
    // In Progress. Followed by value, the draft showed In Progress and Save sent nothing.
    const opened = task('t1', { status: 'To Do' })
    const agreed = { ...opened, status: 'Done' }
    const moved = { ...opened, status: 'In Progress' }
    const mine = { ...draftFromTask(opened, PROPERTIES), status: 'Done' }
    const touched = new Set(touchedBy({ status: 'Done' }))
    const first = followTask(
      mine,
      draftFromTask(opened, PROPERTIES),
      draftFromTask(agreed, PROPERTIES),
      touched,
    )
    const second = followTask(
      first,
      draftFromTask(agreed, PROPERTIES),
      draftFromTask(moved, PROPERTIES),
      touched,
    )
    expect(second.status).toBe('Done')
    expect(changesFrom(moved, second, PROPERTIES)).toEqual({ status: 'Done' })
  })

  it('a start date edited leaves the due date following the board', () => {
    // Both dates were "touched" (the order rule shows on either): the due date then kept its
    // opened value, and Save sent it back over the board's new one, as a conflict.
    const opened = task('t1', {
      startDate: '2026-03-01T00:00:00.000Z',
      dueDate: '2026-03-10T00:00:00.000Z',
    })
    const moved = { ...opened, dueDate: '2026-03-20T00:00:00.000Z' }
    const mine = { ...draftFromTask(opened, PROPERTIES), startDate: '2026-03-02' }
    const edited = new Set(touchedBy({ startDate: '2026-03-02' }, undefined, true))
    const next = followTask(
      mine,
      draftFromTask(opened, PROPERTIES),
      draftFromTask(moved, PROPERTIES),
      edited,
    )
    expect(next).toMatchObject({ startDate: '2026-03-02', dueDate: '2026-03-20' })
    expect(Object.keys(changesFrom(moved, next, PROPERTIES))).toEqual(['startDate'])
  })
})
