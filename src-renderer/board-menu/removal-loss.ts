// The confirmation's words for removing a board (board-menu.tsx).
/**
 * What removing a board loses, for its confirmation: its journal goes with it, so edits waiting
 * to be sent and problems waiting for the user are never sent. Counted for the board shown (the
 * renderer knows its journal), said in general for another.
 */
export function removalLoss(shown: boolean, pending: number, problems: number): string {
  if (!shown) return ' Any edits still waiting to be sent to it are lost.'
  const parts = [
    pending > 0 && `${pending} ${pending === 1 ? 'edit' : 'edits'} waiting to be sent`,
    problems > 0 && `${problems} ${problems === 1 ? 'problem' : 'problems'} waiting for you`,
  ].filter((part): part is string => typeof part === 'string')
  return parts.length > 0 ? ` Its ${parts.join(' and ')} will be lost: they are never sent.` : ''
}
