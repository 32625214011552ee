// Why the smart strategy stops chasing a part: the sentence its report gives (smart-strategy.ts).

export function stopReason(requests: number, unloaded: number): string {
  const missing = Math.round(unloaded)
  const guess =
    missing === 0 ? 'none of them are' : `about ${missing} of them ${missing === 1 ? 'is' : 'are'}`
  return `proving this part complete would take about ${requests} more requests, and the pages seen suggest ${guess} missing`
}
