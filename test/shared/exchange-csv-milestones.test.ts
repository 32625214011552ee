// A task's link to its milestone through a CSV round trip: the export writes the milestone's board
// id in `milestoneId`; the import links the task to that milestone again, to the file's own row
// when the milestone is one (made first, see import-run), else to the board's milestone, and says
// which links it cannot restore instead of dropping them silently.
import { describe, expect, it } from 'vitest'
import { tasksCsv } from '../../src-shared/exchange/csv-export'
import { planCsv, readCsv } from '../../src-shared/exchange/csv-import'
import { guessMapping } from '../../src-shared/exchange/csv-mapping'
import { planTasks } from '../../src-shared/exchange/import-plan'
import { buildTask } from '../support/task-builder'

const boardMilestone = { id: 'b9', projectKey: 'OPS', key: 9, title: 'Go live' }

function plan(csv: string) {
  const table = readCsv(csv)
  return planCsv(table, guessMapping(table.headers), { knownMilestones: [boardMilestone] })
}

describe('CSV import of milestone links', () => {
  it('links each exported task to its milestone again: a row of the file, or the board’s', () => {
    const launch = buildTask('m1', { key: 1, title: 'Launch', type: 'milestone' })
    const build = buildTask('t2', { key: 2, title: 'Build', milestoneId: 'm1' })
    const docs = buildTask('t3', { key: 3, title: 'Docs', milestoneId: 'b9' })
    const alone = buildTask('t4', { key: 4, title: 'Alone' })
    const result = plan(tasksCsv([build, docs, alone, launch], []))
    const byTitle = new Map(planTasks(result).map((t) => [t.item.title, t]))
    // The milestone is the file's row 5; the board's id of it is made only by the import.
    expect(byTitle.get('Build')!.milestoneRef).toBe('5')
    expect(byTitle.get('Build')!.item.milestoneId).toBeUndefined()
    expect(byTitle.get('Docs')!.item.milestoneId).toBe('b9')
    expect(byTitle.get('Alone')!.milestoneRef).toBeUndefined()
    expect(byTitle.get('Alone')!.item.milestoneId).toBeUndefined()
    expect(result.skipped).toEqual([])
  })

  it('takes a milestone named by its key, a row of the file or one on the board', () => {
    const csv = [
      'projectKey,key,title,type,milestoneId',
      'APP,1,Launch,milestone,',
      'APP,2,Build,,app-1',
      'APP,3,Docs,,OPS-9',
    ].join('\n')
    const tasks = planTasks(plan(csv))
    expect(tasks[1]!.milestoneRef).toBe('2')
    expect(tasks[2]!.item.milestoneId).toBe('b9')
  })

  it("links to the board's milestone when the file's row of it is not imported", () => {
    // The export writes the board's id; the milestone's own row left out (a bad date), the
    // task lost its link although the board has that milestone.
    const csv = [
      'id,projectKey,key,title,type,milestoneId,dueDate',
      'b9,OPS,9,Go live,milestone,,2026-02-30',
      't2,OPS,10,Build,,b9,',
    ].join('\n')
    const result = plan(csv)
    const build = planTasks(result).find((t) => t.item.title === 'Build')!
    expect(build.item.milestoneId).toBe('b9')
    expect(result.skipped.map((s) => s.source)).not.toContain(`milestone of ${build.source}`)
  })

  it('says which links it cannot restore, and imports those tasks without them', () => {
    const csv = [
      'id,projectKey,key,title,type,milestoneId,startDate,dueDate',
      'm1,APP,1,Launch,milestone,,,',
      'm2,APP,2,Broken,milestone,,,2026-02-30',
      't3,APP,3,Build,,t3,,',
      't4,APP,4,Test,,m2,,',
      't5,APP,5,Ship,,gone,,',
      't6,APP,6,Review,,m1,,',
    ].join('\n')
    const result = plan(csv)
    expect(planTasks(result).map((t) => t.item.title)).toEqual([
      'Launch',
      'Build',
      'Test',
      'Ship',
      'Review',
    ])
    const reasons = Object.fromEntries(result.skipped.map((s) => [s.source, s.reason]))
    expect(reasons['milestone of row 4']).toBe('row 4 is a task, not a milestone')
    expect(reasons['milestone of row 5']).toBe('row 3 (m2), its milestone, is not imported')
    expect(reasons['milestone of row 6']).toBe(
      '"gone" is no milestone of this file or of this board; the task is imported without it',
    )
    expect(planTasks(result)[4]!.milestoneRef).toBe('2')
  })

  it('has a milestone column the mapping guesses from the export and from its name', () => {
    expect(guessMapping(['milestoneId', 'Milestone ID'])).toEqual([
      { kind: 'field', field: 'milestoneId' },
      { kind: 'ignore' },
    ])
  })
})
