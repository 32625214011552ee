// Property: the shared query serialiser can only produce queries exactly as the spec writes them.
// Whatever object it is given (typed filters, or the loosely typed objects a caller's bug could
// build), `toListQuery` either throws a TypeError or returns a query in which comma lists appear
// only for projectKey, status, assignedUserEmail and tag (and prop_ values, whose form depends on
// the property's type), priority, pinToTop, type, milestoneId and descriptionType are one value,
// and dates are `YYYY-MM-DD` or `<date>,<date>`. The service's strict parser accepts all of it.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DESCRIPTION_TYPES,
  formatQuery,
  parseListQuery,
  PRIORITIES,
  TASK_TYPES,
  toListQuery,
} from '../../src-shared/api'
import type { ListTasksFilters } from '../../src-shared/api'

const LIST_PARAMS = ['projectKey', 'status', 'assignedUserEmail', 'tag']
const ONE_OF: Record<string, readonly string[]> = {
  priority: PRIORITIES,
  pinToTop: ['true', 'false'],
  type: TASK_TYPES,
  descriptionType: DESCRIPTION_TYPES,
}
const DATE_PARAMS = ['startDate', 'dueDate']
const DATE_VALUE = /^\d{4}-\d{2}-\d{2}(,\d{4}-\d{2}-\d{2})?$/

/** Checks one serialised query against the spec's table; returns what is wrong, or nothing. */
function specProblems(params: URLSearchParams): string[] {
  const problems: string[] = []
  const names = [...params.keys()]
  if (new Set(names).size !== names.length) problems.push(`repeated parameter in ${names}`)
  for (const [name, value] of params) {
    const bad = (why: string) => problems.push(`${name}=${JSON.stringify(value)}: ${why}`)
    if (LIST_PARAMS.includes(name)) {
      if (value.split(',').some((item) => item === '')) bad('empty list item')
    } else if (name in ONE_OF) {
      if (!ONE_OF[name]!.includes(value)) bad('not one allowed value')
    } else if (DATE_PARAMS.includes(name)) {
      if (!DATE_VALUE.test(value)) bad('not YYYY-MM-DD or <date>,<date>')
    } else if (name === 'milestoneId') {
      if (value === '' || value.includes(',')) bad('not one id')
    } else if (name.startsWith('prop_') && name.length > 'prop_'.length) {
      if (value === '') bad('empty')
    } else {
      bad('not a parameter of the list endpoint')
    }
    if (value.includes(',') && !LIST_PARAMS.includes(name) && !name.startsWith('prop_')) {
      if (!(DATE_PARAMS.includes(name) && DATE_VALUE.test(value))) bad('a comma in a single value')
    }
  }
  return problems
}

const text = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('', ',', 'a,b', ' ', 'low', 'high,low', 'true', '2024-02-29', '2024-02-30'),
)
/** Values of the wrong kind, as an untyped caller could pass them. */
const junk = fc.oneof(
  text,
  fc.integer(),
  fc.boolean(),
  fc.constantFrom(null, [], {}, ['low', 'high'], ['a', 'b,c'], [''], { from: '2024-01-01' }),
  fc.array(text, { maxLength: 3 }),
)
const day = fc
  .date({
    min: new Date('0000-01-01T00:00:00.000Z'),
    max: new Date('9999-12-31T23:59:59.999Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10))
const dayLike = fc.oneof(
  day,
  day.map((d) => d.replace(/-0/g, '-')), // 2024-3-1
  fc.constantFrom('2024-02-30', '2023-02-29', '2024-13-01', '24-01-01', '2024-01-01T00:00:00Z'),
  day.map((d) => `${d},${d}`),
)
const goodRange = fc
  .tuple(day, day)
  .map(([a, b]) => (a <= b ? { from: a, to: b } : { from: b, to: a }))
const range = fc.oneof(
  { weight: 6, arbitrary: goodRange },
  { weight: 6, arbitrary: day.map((d) => ({ from: d, to: d })) },
  { weight: 2, arbitrary: fc.record({ from: dayLike, to: dayLike }) },
  { weight: 1, arbitrary: fc.record({ from: junk, to: junk }) },
)
const goodText = text.filter((s) => s !== '' && !s.includes(','))
const goodList = fc.array(goodText, { minLength: 1, maxLength: 3 })
/** Mostly right, sometimes not. */
const mostly = <T, U>(good: fc.Arbitrary<T>, other: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 9, arbitrary: good }, { weight: 1, arbitrary: other })
const oneOf = (allowed: readonly string[]) => fc.oneof(fc.constantFrom(...allowed), junk)

/** Well-typed filters (as the compiler lets a caller write them), some of them still wrong. */
const typedParts = {
  projectKey: goodList,
  status: goodList,
  assignedUserEmail: goodList,
  tag: mostly(goodList, fc.array(text, { maxLength: 3 })),
  priority: fc.constantFrom(...PRIORITIES),
  pinToTop: fc.boolean(),
  startDate: range,
  dueDate: range,
  type: fc.constantFrom(...TASK_TYPES),
  milestoneId: mostly(fc.stringMatching(/^[A-Za-z0-9]{1,16}$/), text),
  descriptionType: fc.constantFrom(...DESCRIPTION_TYPES),
  properties: fc.dictionary(text, mostly(goodText, text), { maxKeys: 3 }),
}
type Part = keyof typeof typedParts
const PARTS = Object.keys(typedParts) as Part[]

/** The same fields with values of any kind, as an untyped caller's bug could pass them. */
const untypedParts: Record<Part | 'bogus', fc.Arbitrary<unknown>> = {
  projectKey: fc.oneof(fc.array(text, { maxLength: 3 }), junk),
  status: junk,
  assignedUserEmail: junk,
  tag: junk,
  priority: oneOf(PRIORITIES),
  pinToTop: fc.oneof(fc.boolean(), junk),
  startDate: junk,
  dueDate: junk,
  type: oneOf(TASK_TYPES),
  milestoneId: junk,
  descriptionType: oneOf(DESCRIPTION_TYPES),
  properties: fc.oneof(fc.dictionary(text, junk, { maxKeys: 3 }), junk),
  bogus: junk,
}

/** Filter-shaped objects: a few typed fields, up to two of them (or an unknown key) untyped. */
const anyFilters = fc
  .tuple(
    fc.record(typedParts, { requiredKeys: [] }),
    fc.record(untypedParts),
    fc.subarray([...PARTS, 'bogus' as const], { maxLength: 2 }),
  )
  .map(([typed, untyped, replaced]) => ({
    ...typed,
    ...Object.fromEntries(replaced.map((name) => [name, untyped[name]])),
  }))

function serialise(filters: unknown): URLSearchParams | TypeError {
  try {
    return toListQuery(filters as ListTasksFilters)
  } catch (error) {
    if (error instanceof TypeError) return error
    throw error
  }
}

describe('toListQuery', () => {
  it('throws or produces a query exactly as the spec writes it', () => {
    let sent = 0
    fc.assert(
      fc.property(anyFilters, (filters) => {
        const params = serialise(filters)
        if (params instanceof TypeError) return
        sent += 1
        expect(specProblems(params), params.toString()).toEqual([])
        // What the service (whose parser follows the spec strictly) reads back, also from text.
        expect(parseListQuery(params)).toMatchObject({ ok: true })
        expect(parseListQuery(new URLSearchParams(params.toString()))).toMatchObject({ ok: true })
        // What is sent (formatQuery) reads back as the same parameters, whichever way a board
        // decodes it: split on commas first, then each part decoded (RFC 3986), or decoded first.
        const sentText = formatQuery(params)
        expect([...new URLSearchParams(sentText)]).toEqual([...params])
        for (const pair of sentText.split('&')) {
          const [name, value = ''] = pair.split('=')
          const items = value.split(',').map(decodeURIComponent)
          expect(items.join(','), pair).toBe(params.get(decodeURIComponent(name!)))
        }
      }),
      { numRuns: 3000 },
    )
    // The generator is not all junk: a good share of the objects are sent.
    expect(sent).toBeGreaterThan(300)
  })

  it.each([
    ['a list of priorities', { priority: ['medium', 'low'] }],
    ['priorities joined by a comma', { priority: 'medium,low' }],
    ['a comma in a list item', { status: ['To Do,Done'] }],
    // URLSearchParams would send it as U+FFFD: a query for another tag than the board's.
    ['an unpaired surrogate in a list item', { tag: ['a\ud800b'] }],
    ['an empty list', { tag: [] }],
    ['an empty list item', { projectKey: ['WEB', ''] }],
    ['a string for a list', { projectKey: 'WEB,APP' }],
    ['pinToTop as text', { pinToTop: 'true' }],
    ['both types', { type: 'task,milestone' }],
    ['two milestone ids', { milestoneId: 'a,b' }],
    ['an empty milestone id', { milestoneId: '' }],
    ['two description types', { descriptionType: 'text,html' }],
    ['a date that is no calendar day', { dueDate: { from: '2023-02-29', to: '2023-02-29' } }],
    ['a date without zero padding', { startDate: { from: '2024-3-1', to: '2024-03-02' } }],
    ['a timestamp for a day', { dueDate: { from: '2024-01-01T00:00:00Z', to: '2024-01-02' } }],
    ['a range given as its query text', { dueDate: '2024-01-01,2024-01-31' }],
    ['a range that ends before it starts', { dueDate: { from: '2024-02-01', to: '2024-01-01' } }],
    ['an empty property value', { properties: { Area: '' } }],
  ])('refuses %s', (_, filters) => {
    expect(serialise(filters)).toBeInstanceOf(TypeError)
  })

  it('writes the spec’s forms, sent with literal commas and %20 for spaces', () => {
    expect(
      formatQuery(
        toListQuery({
          projectKey: ['WEB', 'APP'],
          status: ['To Do', 'In Progress'],
          dueDate: { from: '2024-02-01', to: '2024-03-01' },
          properties: { 'Story Points': '3,5', Notes: 'a&b=c' },
        }),
      ),
    ).toBe(
      'projectKey=WEB,APP&status=To%20Do,In%20Progress&dueDate=2024-02-01,2024-03-01&prop_Notes=a%26b%3Dc&prop_Story%20Points=3,5',
    )
    expect(
      toListQuery({
        projectKey: ['WEB', 'APP'],
        priority: 'medium',
        pinToTop: false,
        startDate: { from: '2024-02-29', to: '2024-02-29' },
        dueDate: { from: '2024-02-01', to: '2024-03-01' },
        type: 'task',
        milestoneId: 'M1',
        properties: { 'Story Points': '3,5' },
      }).toString(),
    ).toBe(
      'projectKey=WEB%2CAPP&priority=medium&pinToTop=false&startDate=2024-02-29&dueDate=2024-02-01%2C2024-03-01&type=task&milestoneId=M1&prop_Story+Points=3%2C5',
    )
  })
})
