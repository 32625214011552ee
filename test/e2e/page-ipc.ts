/// <reference lib="dom" />
// A call to the planner's own IPC from the page, as the renderer makes it (browser mode's
// bridge: POST /ipc/<channel> with the page's token). Throws with the error value when refused.
import type { Page } from 'playwright-core'

export async function pageIpc<T>(page: Page, channel: string, payload: unknown): Promise<T> {
  const result = await page.evaluate(
    async ([name, body]) => {
      // In the page it was served with; after a reload, where the page kept it (bridge.ts).
      // In the page it was served with; after a reload, where the page kept it (bridge.ts).
      const token = (document.querySelector<HTMLMetaElement>('meta[name="planner-token"]')
        ?.content ?? sessionStorage.getItem('planner-token'))!
      const response = await fetch(`/ipc/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-planner-token': token },
        body: JSON.stringify({ payload: body }),
      })
      return (await response.json()) as { ok: boolean; value: unknown; error?: unknown }
    },
    [channel, payload] as const,
  )
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`)
  return result.value as T
}
