// What the task forms offer for Assignee and Person properties: every member the board has
// shown, whatever their e-mail looks like. The board checks membership only, so a member such as
// ops@localhost (no dot in the domain, as on many a self-hosted board) is offered like any other.
import { describe, expect, it } from 'vitest'
import { boardVocabulary } from '../../../src-shared/board/vocabulary'
import { task } from '../state/fixtures'

describe('members offered by the task forms', () => {
  it('a member whose e-mail has no dot in its domain is offered, and their property reads as Person', () => {
    const vocabulary = boardVocabulary([
      task('1', { assignedUserEmail: 'ops@localhost', properties: { Reviewer: 'OPS@localhost' } }),
      task('2', { createdBy: 'root@intranet', properties: { Reviewer: 'root@intranet' } }),
    ])
    expect(vocabulary.assignees).toEqual(['ada@example.com', 'ops@localhost', 'root@intranet'])
    expect(vocabulary.properties.find((p) => p.name === 'Reviewer')).toMatchObject({
      type: 'Person',
    })
  })

  it('another e-mail that is no member stays an Email property; a name is no member', () => {
    const vocabulary = boardVocabulary([
      task('1', { updatedBy: 'Ada Lovelace', properties: { Contact: 'press@example.org' } }),
    ])
    expect(vocabulary.assignees).toEqual(['ada@example.com'])
    expect(vocabulary.properties.find((p) => p.name === 'Contact')?.type).toBe('Email')
  })
})
