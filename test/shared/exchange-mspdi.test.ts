// MS Project XML read into an import plan, from a file MS Project tooling wrote (MPXJ's sample,
// test/fixtures/mpxj-sample1.mspdi.README.md) and from small hand-made cases.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { planTasks } from '../../src-shared/exchange/import-plan'
import { MspdiError, planMspdi } from '../../src-shared/exchange/mspdi'

const fixture = readFileSync(
  join(import.meta.dirname, '../fixtures/mpxj-sample1.mspdi.xml'),
  'utf8',
)

const project = (tasks: string, extra = '') =>
  `<?xml version="1.0"?><Project xmlns="http://schemas.microsoft.com/project">${extra}<Tasks>${tasks}</Tasks></Project>`

describe('MSPDI import plan', () => {
  it('takes the sample: summaries become parents, the milestone moves to the top', () => {
    const plan = planMspdi(fixture)
    const titles = plan.roots.map((t) => t.item.title)
    expect(titles).toEqual(['First Task', 'Third task', 'Recurring Task', 'Task Relationships'])
    const relationships = plan.roots[3]!
    expect(relationships.children.map((c) => c.item.title)).toContain('Related Task 2b')
    const assignments = relationships.children.find((c) => c.item.title === 'Resource Assignments')
    expect(assignments?.children.map((c) => c.item.title)).toEqual([
      'Assigned Task 1',
      'Assigned Task 2',
    ])
    expect(plan.roots[1]!.item).toMatchObject({ type: 'milestone', dueDate: '2003-01-07' })
    expect(plan.notes.join(' ')).toContain('"Third task"')
    expect(planTasks(plan)).toHaveLength(22)
  })

  it('keeps finish-to-start links with lag in days and reports the others', () => {
    const plan = planMspdi(fixture)
    expect(plan.links.map((l) => [l.label, l.lagDays])).toEqual([
      ['Related Task 1a → Related Task 1b', 0],
      ['Related Task 2a → Related Task 2b (+1d)', 1],
    ])
    expect(plan.skipped.map((s) => s.reason)).toEqual([
      'a lead of 1 day(s): the board takes no negative lag',
      'a start-to-start link: the board has finish-to-start dependencies only',
      'a finish-to-finish link: the board has finish-to-start dependencies only',
      'a start-to-finish link: the board has finish-to-start dependencies only',
    ])
  })

  it('reads days: a finish at 08:00 ends the day before; elapsed lags use 24 h', () => {
    const plan = planMspdi(
      project(
        `<Task><UID>1</UID><Name>A</Name><OutlineLevel>1</OutlineLevel><Start>2026-03-02T08:00:00</Start><Finish>2026-03-04T08:00:00</Finish></Task>
         <Task><UID>2</UID><Name>B</Name><OutlineLevel>1</OutlineLevel><Start>2026-03-06T08:00:00</Start><Finish>2026-03-06T17:00:00</Finish>
           <PredecessorLink><PredecessorUID>1</PredecessorUID><Type>1</Type><LinkLag>28800</LinkLag><LagFormat>8</LagFormat></PredecessorLink></Task>
         <Task><UID>3</UID><OutlineLevel>1</OutlineLevel></Task>`,
        '<MinutesPerDay>480</MinutesPerDay>',
      ),
    )
    expect(plan.roots[0]!.item).toMatchObject({ startDate: '2026-03-02', dueDate: '2026-03-03' })
    expect(plan.roots[1]!.item).toMatchObject({ dueDate: '2026-03-06' })
    expect(plan.links[0]!.lagDays).toBe(2)
    expect(plan.skipped).toEqual([
      { source: 'task 3 (UID 3)', reason: 'it has no name (the board needs a title)' },
    ])
  })

  it('reads a lag in percent as that share of the working days of the predecessor', () => {
    const link = (uid: number, percent: number) =>
      `<PredecessorLink><PredecessorUID>${uid}</PredecessorUID><Type>1</Type><LinkLag>${percent}</LinkLag><LagFormat>19</LagFormat></PredecessorLink>`
    const plan = planMspdi(
      project(
        `<Task><UID>1</UID><Name>A</Name><OutlineLevel>1</OutlineLevel><Duration>PT80H0M0S</Duration><Start>2026-03-02T08:00:00</Start><Finish>2026-03-13T17:00:00</Finish></Task>
         <Task><UID>2</UID><Name>B</Name><OutlineLevel>1</OutlineLevel><Start>2026-03-20T08:00:00</Start><Finish>2026-03-20T17:00:00</Finish>${link(1, 50)}</Task>
         <Task><UID>3</UID><Name>C</Name><OutlineLevel>1</OutlineLevel><Start>2026-03-23T08:00:00</Start><Finish>2026-03-23T17:00:00</Finish>${link(2, 50)}</Task>`,
        '<MinutesPerDay>480</MinutesPerDay>',
      ),
    )
    // A is 10 working days: 50 % of it is 5 days.
    expect(plan.links.map((l) => [l.label, l.lagDays])).toEqual([['A → B (+5d)', 5]])
    // B gives no duration: its link is reported, not made with a lag of 0.
    expect(plan.skipped).toEqual([
      {
        source: 'B → C',
        reason: "a lag of 50% of its predecessor's duration, which the file does not give",
      },
    ])
  })

  it('says so when the file is not MS Project XML', () => {
    expect(() => planMspdi('<html><body/></html>')).toThrow(MspdiError)
  })

  it.each(['abc', '5000000000', '-1', '1.5'])(
    'refuses an OutlineLevel of %s with a sentence, not a crash',
    (level) => {
      const xml = `<Project><Tasks><Task><UID>7</UID><Name>A</Name><OutlineLevel>${level}</OutlineLevel></Task></Tasks></Project>`
      expect(() => planMspdi(xml)).toThrow(MspdiError)
      expect(() => planMspdi(xml)).toThrow(/Task UID 7 has OutlineLevel/)
    },
  )
})

const row = (uid: number, name: string, level: number, extra = '') =>
  `<Task><UID>${uid}</UID><ID>${uid}</ID><Name>${name}</Name><OutlineLevel>${level}</OutlineLevel>${extra}</Task>`

describe('MSPDI rows the board would refuse', () => {
  it('checks each task with the create rules before anything is sent', () => {
    const plan = planMspdi(
      project(
        row(1, 'x'.repeat(600), 1) +
          row(2, 'Bad date', 1, '<Start>2026-02-30T08:00:00</Start>') +
          row(
            3,
            'Backwards',
            1,
            '<Start>2026-03-10T08:00:00</Start><Finish>2026-03-02T17:00:00</Finish>',
          ) +
          row(
            4,
            'Fine',
            1,
            '<Start>2026-03-02T08:00:00</Start><Finish>2026-03-03T17:00:00</Finish>',
          ),
      ),
    )
    expect(planTasks(plan).map((t) => t.item.title)).toEqual(['Fine'])
    expect(plan.skipped.map((s) => s.source)).toEqual([
      expect.stringContaining('UID 1'),
      expect.stringContaining('UID 2'),
      expect.stringContaining('UID 3'),
    ])
    expect(plan.skipped[0]!.reason).toMatch(/title/)
    expect(plan.skipped[2]!.reason).toMatch(/after the due date/)
  })

  it('keeps nesting within the board’s 8 levels, and says so', () => {
    const plan = planMspdi(
      project(Array.from({ length: 10 }, (_, i) => row(i + 1, `L${i + 1}`, i + 1)).join('')),
    )
    let depth = 0
    for (let level = plan.roots; level.length > 0; level = level.flatMap((t) => t.children)) depth++
    expect(depth).toBeLessThanOrEqual(8)
    expect(planTasks(plan)).toHaveLength(10)
    expect(plan.notes.join(' ')).toMatch(/at most 8 levels/)
  })

  it('keeps a summary with more tasks than one create request takes flat, and says so', () => {
    const children = Array.from({ length: 1_199 }, (_, i) => row(i + 2, `Child ${i}`, 2)).join('')
    const plan = planMspdi(project(row(1, 'Everything', 1) + children))
    expect(planTasks(plan)).toHaveLength(1_200)
    expect(
      Math.max(...plan.roots.map((r) => planTasks({ roots: [r] }).length)),
    ).toBeLessThanOrEqual(1_000)
    expect(plan.notes.join(' ')).toMatch(/one request creates/)
  })

  it('decodes character references, and reports a lag it cannot read instead of making it 0', () => {
    const plan = planMspdi(
      project(
        row(1, 'Caf&#233; &#x1F600;', 1) +
          row(
            2,
            'B',
            1,
            '<PredecessorLink><PredecessorUID>1</PredecessorUID><Type>1</Type><LinkLag>abc</LinkLag></PredecessorLink>',
          ),
      ),
    )
    expect(plan.roots[0]!.item.title).toBe('Café 😀')
    expect(plan.links).toEqual([])
    expect(plan.skipped.map((s) => s.reason).join(' ')).toMatch(/lag .*abc/)
  })
})

const link = (uid: number, lag = 0) =>
  `<PredecessorLink><PredecessorUID>${uid}</PredecessorUID><Type>1</Type><LinkLag>${lag}</LinkLag><LagFormat>7</LagFormat></PredecessorLink>`

describe('MSPDI links and summaries the board would refuse or lose', () => {
  it('leaves out a link on the task itself, one made twice, and one closing a loop, with why', () => {
    const plan = planMspdi(
      project(
        row(1, 'A', 1, link(1) + link(3)) +
          row(2, 'B', 1, link(1) + link(1, 4800)) +
          row(3, 'C', 1, link(2)),
      ),
    )
    expect(plan.links.map((l) => l.label)).toEqual(['C → A', 'A → B'])
    const reasons = Object.fromEntries(plan.skipped.map((s) => [s.source, s.reason]))
    expect(reasons['A → A']).toBe('a task cannot depend on itself')
    expect(reasons['A → B (+1d)']).toBe('it already depends on A')
    expect(reasons['B → C']).toBe('it would make a loop of dependencies through B')
  })

  it('says which tasks go to the top because their summary task is left out', () => {
    const plan = planMspdi(
      project(
        row(1, 'Phase', 1, '<Start>2026-02-30T08:00:00</Start>') +
          row(2, 'Child A', 2) +
          row(3, 'Grandchild', 3) +
          row(4, 'Next', 1),
      ),
    )
    expect(plan.roots.map((t) => t.item.title)).toEqual(['Child A', 'Next'])
    expect(plan.roots[0]!.children.map((t) => t.item.title)).toEqual(['Grandchild'])
    expect(plan.notes.join(' ')).toContain(
      'Imported at the top level because their summary task is left out: "Child A" (task 2 (UID 2)) under "Phase" (task 1 (UID 1))',
    )
  })

  it('leaves out an inactive task, saying so; its subtasks go to the top', () => {
    // MS Project keeps an inactive task struck through, out of the plan; it was imported as work.
    const plan = planMspdi(
      project(
        row(1, 'Cancelled', 1, '<Active>0</Active>') + row(2, 'Child', 2) + row(3, 'Kept', 1),
      ),
    )
    expect(plan.roots.map((t) => t.item.title)).toEqual(['Child', 'Kept'])
    expect(plan.skipped).toEqual([
      { source: '"Cancelled" (task 1 (UID 1))', reason: expect.stringContaining('inactive') },
    ])
  })

  it('refuses a file in which two tasks share a UID; a task with none is still read', () => {
    // Links name tasks by UID: with two tasks on one, a link went to whichever came last.
    expect(() => planMspdi(project(row(1, 'A', 1) + row(1, 'B', 1)))).toThrow(/UID 1/)
    const noUid = '<Task><Name>Loose</Name><OutlineLevel>1</OutlineLevel></Task>'
    const plan = planMspdi(project(noUid + noUid.replace('Loose', 'Other')))
    expect(plan.roots.map((t) => t.item.title)).toEqual(['Loose', 'Other'])
  })

  it('reads a prolog of many comments in one pass, with or without a DOCTYPE after it', () => {
    // The check was a pattern that backtracked exponentially on a run of empty comments: 40 of
    // them froze the window (the import reads the file on the page's thread).
    const comments = '<!---->'.repeat(40)
    expect(() => planMspdi(`${comments}<!DOCTYPE p []>${project(row(1, 'A', 1))}`)).toThrow(
      /DOCTYPE/,
    )
    expect(planMspdi(`${comments}${project(row(1, 'A', 1))}`).roots).toHaveLength(1)
  })

  it('refuses a file with a DOCTYPE, whose entities would change its text', () => {
    const xml = (doctype: string) =>
      `<?xml version="1.0"?>\n<!-- saved -->\n${doctype}<Project><Tasks>${row(1, 'a&x;b', 1)}</Tasks></Project>`
    for (const doctype of [
      '<!DOCTYPE p [<!ENTITY x "HELLO">]>',
      '<!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
      '<!doctype Project>',
    ]) {
      expect(() => planMspdi(xml(doctype))).toThrow(MspdiError)
      expect(() => planMspdi(xml(doctype))).toThrow(/DOCTYPE/)
    }
    // The words in a task's notes are only text.
    const notes = planMspdi(project(row(1, 'A', 1, '<Notes>&lt;!DOCTYPE x&gt;</Notes>')))
    expect(notes.roots[0]!.item.descriptionContent).toBe('<!DOCTYPE x>')
  })
})
