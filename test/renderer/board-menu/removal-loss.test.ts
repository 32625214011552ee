// Removing a board deletes its journal: the confirmation says what that loses, with numbers for
// the board shown (it used to say only that the key is deleted, and waiting edits went silently).
import { describe, expect, it } from 'vitest'
import { removalLoss } from '../../../src-renderer/board-menu/removal-loss'

describe('removing a board', () => {
  it('names the waiting edits and problems of the board shown', () => {
    expect(removalLoss(true, 1, 0)).toBe(
      ' Its 1 edit waiting to be sent will be lost: they are never sent.',
    )
    expect(removalLoss(true, 3, 2)).toBe(
      ' Its 3 edits waiting to be sent and 2 problems waiting for you will be lost: they are never sent.',
    )
    expect(removalLoss(true, 0, 0)).toBe('')
  })

  it('warns in general for a board not shown, whose journal the window does not know', () => {
    expect(removalLoss(false, 0, 0)).toBe(' Any edits still waiting to be sent to it are lost.')
  })
})
