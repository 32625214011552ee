// Every length limit counts characters the same way: Unicode code points, so that '😀' (two
// UTF-16 units) is one character in a title, a description, a tag and a Text, Email or URL
// property alike (docs/board-service.md, Limits). Each limit is probed at its value and one
// past it, in astral characters and in plain ones.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SERVICE_LIMITS as L } from '../../src-shared/api'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { listTasks, newTask } from '../support/tasks'

let service: TestService
beforeEach(async () => {
  service = await startTestService()
})
afterEach(() => service.close())

const ASTRAL = '😀'
const create = (fields: Record<string, unknown>) =>
  service.call('POST', '/api/v1/tasks', { tasks: [newTask(fields)] })

/** A value of `length` characters (code points) of `unit`, after `prefix`. */
const text = (prefix: string, length: number, unit: string) =>
  prefix + unit.repeat(length - [...prefix].length)

const limits: [string, number, (value: string) => Record<string, unknown>, string][] = [
  ['title', L.titleLength, (v) => ({ title: v }), 'tasks[0].title'],
  [
    'description',
    L.descriptionLength,
    (v) => ({ descriptionContent: v }),
    'tasks[0].descriptionContent',
  ],
  ['tag', L.tagLength, (v) => ({ tags: [v] }), 'tasks[0].tags[0]'],
  [
    'Text property',
    L.propertyTextLength,
    (v) => ({ properties: { Notes: v } }),
    'tasks[0].properties.Notes',
  ],
  [
    'URL property',
    L.propertyUrlLength,
    (v) => ({ properties: { Spec: `https://x.test/${v}` } }),
    'tasks[0].properties.Spec',
  ],
  [
    'Email property',
    L.propertyEmailLength,
    (v) => ({ properties: { Contact: `${v}@x.test` } }),
    'tasks[0].properties.Contact',
  ],
]

describe.each(limits)('the %s limit (%i characters)', (_name, limit, fields, path) => {
  // What the field adds around the value: the URL's start, the address's domain.
  const around = [...(JSON.stringify(fields('')).match(/https:\/\/x\.test\/|@x\.test/)?.[0] ?? '')]
    .length
  const value = (length: number, unit: string) => text('', length - around, unit)

  it.each([
    ['plain', 'a'],
    ['astral', ASTRAL],
  ])('takes exactly the limit in %s characters', async (_kind, unit) => {
    const response = await create(fields(value(limit, unit)))
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200)
    expect(await listTasks(service)).toHaveLength(1)
  })

  it.each([
    ['plain', 'a'],
    ['astral', ASTRAL],
  ])('refuses one character more in %s characters', async (_kind, unit) => {
    const response = await create(fields(value(limit + 1, unit)))
    expect(response.status).toBe(400)
    expect(response.body.issues).toEqual([{ path, message: `at most ${limit} characters` }])
    expect(await listTasks(service)).toEqual([])
  })
})
