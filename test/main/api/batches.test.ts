// Chunking of create and update batches.
import { describe, expect, it } from 'vitest'
import { chunkByWeight, createWeight, describeProgress } from '../../../src-main/api/batches'
import { ApiError } from '../../../src-main/api'
import { newTask } from './fixtures'

describe('chunkByWeight', () => {
  it('keeps order and fills each chunk up to the limit', () => {
    const chunks = chunkByWeight([1, 2, 3, 4, 5, 6, 7], 3)
    expect(chunks).toEqual([
      { from: 0, items: [1, 2, 3] },
      { from: 3, items: [4, 5, 6] },
      { from: 6, items: [7] },
    ])
  })

  it('counts subtasks, at any depth, toward the limit of a create', () => {
    const deep = { ...newTask('A'), subtasks: [{ ...newTask('B'), subtasks: [newTask('C')] }] }
    expect(createWeight(deep)).toBe(3)
    const chunks = chunkByWeight([newTask('x'), deep, newTask('y'), newTask('z')], 4, createWeight)
    expect(chunks.map((c) => c.items.map((t) => t.title))).toEqual([
      ['x', 'A'],
      ['y', 'z'],
    ])
  })

  it('refuses an item that alone is over the limit, before anything is sent', () => {
    const big = { ...newTask('Big'), subtasks: [newTask('1'), newTask('2'), newTask('3')] }
    expect(() => chunkByWeight([newTask('ok'), big], 3, createWeight)).toThrow(ApiError)
    expect(() => chunkByWeight([newTask('ok'), big], 3, createWeight)).toThrow(
      /tasks\[1\] counts 4 tasks with its subtasks; the board takes at most 3/,
    )
  })

  it('gives nothing for nothing', () => {
    expect(chunkByWeight([], 5)).toEqual([])
  })
})

describe('describeProgress', () => {
  it('names what was applied, what failed and what was not sent', () => {
    const batch = { completed: 0, failedFrom: 0, failedTo: 1, total: 1 }
    expect(describeProgress(batch, 'created', true)).toBe(
      '(Of the 1 task in the request, outcome unknown: 1.)',
    )
    const later = { completed: 200, failedFrom: 200, failedTo: 400, total: 700 }
    expect(describeProgress(later, 'updated', false)).toBe(
      '(Of the 700 tasks in the request, updated: 1-200; failed: 201-400 (the board may have applied some); not sent: 401-700.)',
    )
  })
})
