// The app-path benchmark's page script (bundled by esbuild, injected by app-path.ts before the
// built renderer loads): a PlannerApi standing in for main (window.planner, as the preload gives
// it in Electron) that serves the seeded board from /board.json and takes edits, and the probes
// that time what the user sees. Nothing here draws: the planner draws as it always does.
// Type-checked with the DOM by ../tsconfig.page.json.
import type { AppProbe, ScrollAxis, Sample } from '../app-page-api.ts'

interface BoardData {
  tasks: Record<string, unknown>[]
  dependencies: unknown[]
}

const PROFILE = {
  id: 'bench',
  name: 'Bench board',
  baseUrl: 'http://127.0.0.1',
  isCurrent: true,
  isLocal: true,
  hasKey: true,
  maskedKey: 'tb_…0000',
  lists: { projectKeys: [], statuses: [] },
}

let board: BoardData | undefined
const loading = fetch('/board.json')
  .then((response) => response.json() as Promise<BoardData>)
  .then((data) => (board = data))

const ok = (value: unknown) => Promise.resolve({ ok: true, value })

/** A fresh array for the store (main would hand over a structured clone); tasks are immutable. */
async function snapshot() {
  const data = board ?? (await loading)
  probe.snapshotAt = performance.now()
  return {
    ok: true,
    value: {
      profileId: PROFILE.id,
      tasks: [...data.tasks],
      dependencies: [...data.dependencies],
      coverage: {
        complete: true,
        knownTasks: data.tasks.length,
        requests: 1,
        truncated: [],
        wants: [],
      },
      syncedAt: new Date().toISOString(),
      fromCache: false,
    },
  }
}

function update(request: { tasks: { id: string }[] }) {
  const data = board!
  const byId = new Map(data.tasks.map((task, index) => [task.id as string, index]))
  const updated = []
  for (const change of request.tasks) {
    const index = byId.get(change.id)
    if (index === undefined) continue
    const task: Record<string, unknown> = {
      ...data.tasks[index],
      ...change,
      updatedAt: new Date().toISOString(),
    }
    data.tasks[index] = task
    updated.push({ id: change.id, projectKey: task.projectKey, key: task.key, title: task.title })
  }
  return ok({ status: 'sent', updated, conflicts: [] })
}

const pending = { profileId: PROFILE.id, count: 0, batches: [], taskIds: [], problems: [] }

const calls: Record<string, (request: never) => Promise<unknown>> = {
  boardsList: () => ok([PROFILE]),
  boardsSelect: () => ok(PROFILE),
  boardsSetLists: () => ok(PROFILE),
  boardSync: snapshot,
  tasksUpdate: update,
  tasksCheck: () => ok([]),
  editsPending: () => ok(pending),
  editsRetry: () => ok(pending),
  editsDiscard: () => ok(pending),
  viewsList: () => ok([]),
  baselinesList: () => ok([]),
  appearanceGet: () => ok({ theme: 'light' }),
  appearanceSet: (request) => ok(request),
}

;(window as unknown as { planner: unknown }).planner = {
  calls: new Proxy(calls, {
    get: (target, name: string) =>
      target[name] ??
      (() => ({ ok: false, error: { code: 'INTERNAL', message: `bench: no ${name}` } })),
  }),
  events: new Proxy({}, { get: () => () => () => undefined }),
}

// --- probes ----------------------------------------------------------------------------------

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
const task = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * From t0 to the frame that shows the work: the next animation frame (registered after the app's
 * own) and a zero timeout after it (that frame's style, layout and paint), and on to the frame
 * after, for work the app left to a later task (a React render scheduled from a frame callback).
 */
async function sampleFrom(t0: number): Promise<Sample> {
  await frame()
  await task()
  const frameMs = performance.now() - t0
  await frame()
  await task()
  return { frameMs, settledMs: performance.now() - t0 }
}

const probe: AppProbe = {
  snapshotAt: Number.NaN,
  firstBarsAt: Number.NaN,
  firstFrameAt: Number.NaN,
  moves: [],
  keys: [],
  ups: [],

  timeline() {
    return document.querySelector<HTMLElement>('[data-testid="timeline"]')
  },

  async scrollStep(axis: ScrollAxis, px: number) {
    const box = probe.timeline()!
    const t0 = performance.now()
    const scrolled = new Promise<void>((resolve) =>
      box.addEventListener('scroll', () => resolve(), { once: true }),
    )
    if (axis === 'y') box.scrollTop += px
    else box.scrollLeft += px
    // The scroll event comes with the next frame, after the app's own listener (added first).
    await scrolled
    return sampleFrom(t0)
  },

  scrollRun(axis: ScrollAxis, px: number, frames: number) {
    const box = probe.timeline()!
    const stamps: number[] = []
    return new Promise<number[]>((resolve) => {
      // When the frame's callbacks run (the frame's own timestamp is not used: headless Chromium
      // advances it by one period per frame, however late the frame is).
      const step = () => {
        stamps.push(performance.now())
        if (stamps.length > frames) {
          resolve(stamps.slice(1).map((t, i) => t - stamps[i]!))
          return
        }
        if (axis === 'y') box.scrollTop += px
        else box.scrollLeft += px
        requestAnimationFrame(step)
      }
      requestAnimationFrame(step)
    })
  },

  async refresh() {
    const button = document.querySelector<HTMLButtonElement>('button.refresh')!
    const t0 = performance.now()
    const done = new Promise<void>((resolve) => {
      let started = false
      const observer = new MutationObserver(() => {
        if (button.disabled) started = true
        else if (started) {
          observer.disconnect()
          resolve()
        }
      })
      observer.observe(button, { attributes: true, attributeFilter: ['disabled'] })
    })
    button.click()
    await done
    const sample = await sampleFrom(t0)
    return sample
  },
}

// First bars on screen: the first bar the chart draws, then the frame that shows it.
const watcher = new MutationObserver(() => {
  if (!Number.isNaN(probe.firstBarsAt)) return
  if (!document.querySelector('.bar-wrapper[data-task-id]')) return
  probe.firstBarsAt = performance.now()
  watcher.disconnect()
  void frame()
    .then(task)
    .then(() => (probe.firstFrameAt = performance.now()))
})
watcher.observe(document, { childList: true, subtree: true })

// Input probes: from the event's first listener to the frame after it.
const listen = (type: string, into: Sample[]) =>
  window.addEventListener(
    type,
    () => {
      if (!probe.recording) return
      void sampleFrom(performance.now()).then((sample) => into.push(sample))
    },
    true,
  )
listen('mousemove', probe.moves)
listen('keydown', probe.keys)
listen('mouseup', probe.ups)
;(window as unknown as { appProbe: AppProbe }).appProbe = probe
