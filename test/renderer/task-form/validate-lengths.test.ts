// The form's length limits count characters as the service does (code points: an emoji is one).
// Counted in UTF-16 units, a Text value of 6,000 emoji (within the 10,000 characters the board
// takes) was refused in the form before anything was sent.
import { expect, it } from 'vitest'
import { propertyProblem } from '../../../src-renderer/task-form/validate'
import { SERVICE_LIMITS as L } from '../../../src-shared/api/limits'

it('counts a property value in characters, as the board does', () => {
  const emoji = (n: number) => '😀'.repeat(n)
  expect(
    propertyProblem({ name: 'Notes', type: 'Text', options: [] }, emoji(L.propertyTextLength)),
  ).toBeUndefined()
  expect(
    propertyProblem({ name: 'Notes', type: 'Text', options: [] }, emoji(L.propertyTextLength + 1)),
  ).toBe(`at most ${L.propertyTextLength} characters`)
  const url = `https://x.example/${emoji(L.propertyUrlLength - 18)}`
  expect(propertyProblem({ name: 'Spec', type: 'URL', options: [] }, url)).toBeUndefined()
})
