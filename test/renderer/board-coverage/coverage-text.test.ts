// The status bar's one line and the coverage panel's sentences.
import { describe, expect, it } from 'vitest'
import {
  coverageIntro,
  coverageLine,
  groupSentence,
  groupSlices,
  sliceLabel,
  sliceSentence,
} from '../../../src-renderer/board-coverage/coverage-text'
import type { CoverageReport, TruncatedSlice } from '../../../src-shared/ipc'

const CROWDED =
  'a full page of them share every value the service can filter on, so no query can list them all'
const HELP = "Giving the board's status list in the board's settings would help."

function slice(description: string, fields: Partial<TruncatedSlice> = {}): TruncatedSlice {
  return {
    query: `q=${description}`,
    description,
    reason: CROWDED,
    help: '',
    returned: 100,
    ...fields,
  }
}

function report(fields: Partial<CoverageReport>): CoverageReport {
  return { complete: false, knownTasks: 0, requests: 1, truncated: [], wants: [], ...fields }
}

describe('the status line', () => {
  it('says complete, with en-US grouping', () => {
    expect(coverageLine(report({ complete: true, knownTasks: 1234 }))).toEqual({
      text: '1,234 tasks, complete',
      warning: false,
    })
    expect(coverageLine(null)).toEqual({ text: 'Not loaded yet', warning: false })
    expect(coverageLine(report({ complete: true, knownTasks: 1 })).text).toBe('1 task, complete')
  })

  it('counts the parts that may hide tasks, in one short line, singular or plural', () => {
    const three = report({ knownTasks: 4999, truncated: [slice('a'), slice('b'), slice('c')] })
    expect(coverageLine(three)).toEqual({
      text: '4,999+ tasks · 3 parts of the board may hide tasks',
      warning: true,
    })
    expect(coverageLine(report({ knownTasks: 100, truncated: [slice('a')] })).text).toBe(
      '100+ tasks · 1 part of the board may hide tasks',
    )
    const many = Array.from({ length: 1200 }, (_, i) => slice(`part ${i}`))
    expect(coverageLine(report({ knownTasks: 12_000, truncated: many })).text).toBe(
      '12,000+ tasks · 1,200 parts of the board may hide tasks',
    )
  })

  it('stays short whatever the descriptions hold', () => {
    const long = slice('tasks with no due date in project WEB, status To Do '.repeat(20))
    expect(coverageLine(report({ knownTasks: 5, truncated: [long] })).text).not.toContain('WEB')
  })
})

describe('the panel sentences', () => {
  it('makes one sentence of description, reason and help', () => {
    const web = slice('tasks with no due date in project WEB, status To Do', { help: HELP })
    expect(sliceSentence(web)).toBe(
      'Tasks with no due date in project WEB, status To Do: a full page of them share every ' +
        'value the service can filter on, so no query can list them all. ' +
        "Giving the board's status list in the board's settings would help.",
    )
  })

  it('leaves help out when there is none and never doubles a full stop', () => {
    expect(sliceSentence(slice('tasks in project X', { reason: 'nothing splits them.' }))).toBe(
      'Tasks in project X: nothing splits them.',
    )
    expect(sliceSentence(slice('tasks', { reason: '', help: 'give the list' }))).toBe(
      'Tasks. Give the list.',
    )
  })

  it('keeps the case of user values after the colon', () => {
    expect(sliceSentence(slice('tasks in project web', { reason: 'WEB is crowded' }))).toBe(
      'Tasks in project web: WEB is crowded.',
    )
  })

  it('groups parts that share reason and help, in first-seen order', () => {
    const other = { reason: 'values never seen cannot be named', help: HELP }
    const groups = groupSlices([slice('a'), slice('b', other), slice('c'), slice('d', other)])
    expect(groups.map((g) => g.slices.map((s) => s.description))).toEqual([
      ['a', 'c'],
      ['b', 'd'],
    ])
    expect(groupSentence(groups[1]!)).toBe(
      'Tasks in each of these 2 parts of the board: values never seen cannot be named. ' + HELP,
    )
    expect(sliceLabel(slice('tasks in status Done'))).toBe('Tasks in status Done')
  })

  it('opens with what was loaded and with how many requests', () => {
    expect(
      coverageIntro(report({ knownTasks: 4999, requests: 135, truncated: [slice('a')] })),
    ).toBe(
      "Loaded 4,999 tasks with 135 list requests. The board's list returns at most 100 tasks " +
        'and cannot page, so this part of the board may hide more tasks:',
    )
    expect(
      coverageIntro(report({ knownTasks: 1, requests: 1, truncated: [slice('a'), slice('b')] })),
    ).toContain('Loaded 1 task with 1 list request. ')
    expect(coverageIntro(report({ complete: true, knownTasks: 80, requests: 1 }))).toContain(
      'Every part of the board was listed in full.',
    )
  })

  it('blames the 100-task page only where every part came back full, and counts no "0 parts"', () => {
    // A part whose short answer (37 tasks) left out tasks the board listed elsewhere is not
    // there because of the page's size.
    const short = slice('tasks in status Done', { returned: 37 })
    expect(coverageIntro(report({ knownTasks: 300, requests: 9, truncated: [short] }))).toBe(
      'Loaded 300 tasks with 9 list requests. This part of the board may hide more tasks:',
    )
    expect(coverageIntro(report({ knownTasks: 300, requests: 9, truncated: [] }))).toBe(
      'Loaded 300 tasks with 9 list requests. The board may hide more tasks.',
    )
  })
})
