// What board:sync tells the sync engine it may assume about the board's values.
import { describe, expect, it } from 'vitest'
import { knownValuesFor } from '../../../src-main/services/sync-known-values'
import { buildTask } from '../../support/task-builder'

const NONE = { projectKeys: [], statuses: [] }
const seen = [
  buildTask('t1', { projectKey: 'WEB', status: 'To Do' }),
  buildTask('t2', { projectKey: 'API', status: 'To Do' }),
]

describe('knownValuesFor', () => {
  it("takes the local board's own lists as complete, over anything the user gave", () => {
    const definitions = { projectKeys: ['WEB'], statuses: ['Done'] }
    expect(knownValuesFor(definitions, { projectKeys: ['X'], statuses: ['Y'] }, seen)).toEqual({
      projectKeys: ['WEB'],
      statuses: ['Done'],
      complete: true,
    })
  })

  it("takes the user's lists as complete when given", () => {
    const given = { projectKeys: ['WEB', 'OPS'], statuses: ['To Do', 'Done'] }
    expect(knownValuesFor(undefined, given, seen)).toEqual({ ...given, complete: true })
  })

  it('passes only the lists the user gave, so an empty one is never taken as whole', () => {
    expect(knownValuesFor(undefined, { projectKeys: [], statuses: ['Done'] }, seen)).toEqual({
      statuses: ['Done'],
      complete: true,
    })
  })

  it('falls back to the values seen last time, not as complete', () => {
    expect(knownValuesFor(undefined, NONE, seen)).toEqual({
      projectKeys: ['WEB', 'API'],
      statuses: ['To Do'],
    })
    expect(knownValuesFor(undefined, NONE, [])).toEqual({ projectKeys: [], statuses: [] })
  })
})
