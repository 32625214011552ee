// The board lists a user gives: what the IPC contract accepts, and how typed text splits.
import { describe, expect, it } from 'vitest'
import {
  BoardListsInput,
  CHANNELS,
  describeListsError,
  MAX_LIST_NAME_LENGTH,
  MAX_LIST_NAMES,
  splitListText,
} from '../../src-shared/ipc'

const setLists = CHANNELS['boards:setLists'].request

function errorOf(input: unknown): string {
  const parsed = BoardListsInput.safeParse(input)
  if (parsed.success) throw new Error('expected a failure')
  return describeListsError(parsed.error)
}

describe('board lists', () => {
  it('trims names and drops duplicates; empty lists are allowed (they clear)', () => {
    expect(
      setLists.parse({ profileId: 'p', projectKeys: [' WEB ', 'WEB', 'API'], statuses: [] }),
    ).toEqual({ profileId: 'p', projectKeys: ['WEB', 'API'], statuses: [] })
  })

  it('refuses a name with a comma, and says why, naming the list', () => {
    expect(errorOf({ projectKeys: [], statuses: ['To Do', 'Done, really'] })).toBe(
      'Status names: "Done, really" contains a comma; the board\'s filters are comma-separated, ' +
        'so the planner cannot ask for such a name (leave this list empty, and the planner learns ' +
        'it from the tasks it loads).',
    )
    expect(setLists.safeParse({ profileId: 'p', projectKeys: ['A,B'], statuses: [] }).success).toBe(
      false,
    )
  })

  it('refuses blank names, over-long names and too many names', () => {
    expect(errorOf({ projectKeys: ['  '], statuses: [] })).toBe(
      'Project keys: a name cannot be empty.',
    )
    expect(errorOf({ projectKeys: ['x'.repeat(MAX_LIST_NAME_LENGTH + 1)], statuses: [] })).toMatch(
      /^Project keys: "x+…" is longer than 200 characters\.$/,
    )
    const many = Array.from({ length: MAX_LIST_NAMES + 1 }, (_, i) => `S${i}`)
    expect(errorOf({ projectKeys: [], statuses: many })).toBe(
      `Status names: at most ${MAX_LIST_NAMES} names.`,
    )
    expect(BoardListsInput.safeParse({ projectKeys: [], statuses: many.slice(1) }).success).toBe(
      true,
    )
  })

  it('needs both lists and nothing else', () => {
    expect(setLists.safeParse({ profileId: 'p', projectKeys: [] }).success).toBe(false)
    expect(
      setLists.safeParse({ profileId: 'p', projectKeys: [], statuses: [], tags: [] }).success,
    ).toBe(false)
    expect(setLists.safeParse({ profileId: '', projectKeys: [], statuses: [] }).success).toBe(false)
  })

  it('splits typed text into lines, or a single line on commas', () => {
    expect(splitListText('WEB\r\n\n  API \nOPS\n')).toEqual(['WEB', 'API', 'OPS'])
    expect(splitListText('WEB, API ,OPS,')).toEqual(['WEB', 'API', 'OPS'])
    expect(splitListText(' WEB, API \n\n')).toEqual(['WEB', 'API'])
    expect(splitListText('   ')).toEqual([])
  })

  it('keeps a comma inside a name given one per line, and refuses it in words', () => {
    // Split on every comma, "Done, archived" became two statuses the board does not have, and
    // the list was taken as the whole one.
    const statuses = splitListText('To Do\nDone, archived')
    expect(statuses).toEqual(['To Do', 'Done, archived'])
    const parsed = BoardListsInput.safeParse({ projectKeys: [], statuses })
    expect(parsed.success).toBe(false)
    if (!parsed.success)
      expect(describeListsError(parsed.error)).toMatch(
        /^Status names: "Done, archived" contains a comma; .*leave this list empty/,
      )
  })

  it('counts the names a list holds once each against the limit', () => {
    const repeated = Array.from({ length: MAX_LIST_NAMES + 10 }, (_, i) => `S${i % MAX_LIST_NAMES}`)
    expect(BoardListsInput.safeParse({ projectKeys: [], statuses: repeated }).success).toBe(true)
  })
})
