// The browser side of the adapter's tests: bundled with the adapter by esbuild and loaded into
// Chromium. It mounts a TimelineAdapter on #host, records its callbacks and answers the Node side
// in plain data (../page-api.ts). Type-checked with the DOM by ../tsconfig.page.json.
import { TimelineAdapter } from '../../../../src-renderer/timeline/adapter/index.ts'
import type { BarView, MountOptions, PageApi, Recorded } from '../page-api.ts'

// Count Intl.DateTimeFormat constructions: frappe's date format() makes two per call, and the
// adapter promises none (no header is drawn).
let intlFormats = 0
const OriginalFormat = Intl.DateTimeFormat
Intl.DateTimeFormat = new Proxy(OriginalFormat, {
  construct(target, args: [string?, Intl.DateTimeFormatOptions?]) {
    intlFormats += 1
    return new target(...args)
  },
  apply(target, _this, args: [string?, Intl.DateTimeFormatOptions?]) {
    intlFormats += 1
    return target(...args)
  },
})

const flags = globalThis as unknown as { xssRan?: boolean }
const host = document.getElementById('host') as HTMLElement
let adapter: TimelineAdapter | undefined
const empty = (): Recorded => ({
  dragEnds: [],
  clicks: [],
  hovers: [],
  linkDraws: [],
  linkClicks: [],
  spans: [],
  barKeys: [],
})
let recorded: Recorded = empty()
const marked = new WeakSet<Element>()

function create({ dragAnswer, ...options }: MountOptions): TimelineAdapter {
  return new TimelineAdapter(host, {
    ...options,
    onDragEnd: (results) => {
      recorded.dragEnds.push(results)
      return dragAnswer
    },
    onBarClick: (id, modifiers) => recorded.clicks.push({ id, modifiers }),
    onBarHover: (id) => recorded.hovers.push(id ?? null),
    onLinkDraw: (fromId, toId) => recorded.linkDraws.push([fromId, toId]),
    onLinkClick: (id) => recorded.linkClicks.push(id),
    onSpanSelect: (span) => recorded.spans.push(span),
    onBarKey: (id, key) => recorded.barKeys.push([id, key]),
  })
}

function box(el: Element): { x: number; y: number; width: number; height: number } {
  const r = el.getBoundingClientRect()
  return { x: r.x, y: r.y, width: r.width, height: r.height }
}

function barGroup(id: string): SVGGElement {
  const group = host.querySelector<SVGGElement>(`.bar-wrapper[data-task-id="${CSS.escape(id)}"]`)
  if (!group) throw new Error(`no bar ${id}`)
  return group
}

const api: PageApi = {
  mount(options) {
    adapter = create(options)
  },
  mountAgain(options) {
    try {
      create(options).destroy()
      return ''
    } catch (error) {
      return error instanceof Error ? error.message : String(error)
    }
  },
  render(input) {
    adapter?.render(input)
  },
  renderThenBars(input) {
    adapter?.render(input)
    return api.bars()
  },
  async renderAfterPaint(input, then = {}) {
    const drawn = () => ({
      bars: [...host.querySelectorAll('.bar-wrapper')].map(
        (g) => g.getAttribute('data-task-id') ?? '',
      ),
      arrows: [...host.querySelectorAll('.tb-arrow')].map(
        (g) => g.getAttribute('data-link-id') ?? '',
      ),
    })
    // After the adapter's own frame callback and the task after that frame (after-paint.ts).
    const afterPaint = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))
    adapter?.render(input, { afterPaint: true })
    if (then.mousedown) host.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
    if (then.next) adapter?.render(then.next)
    if (then.key) {
      const target = document.activeElement ?? document.body
      target.dispatchEvent(new KeyboardEvent('keydown', { key: then.key, bubbles: true }))
    }
    const states = [drawn()]
    await afterPaint()
    states.push(drawn())
    await afterPaint()
    states.push(drawn())
    return states
  },
  renderFrozen(input) {
    const bars = input.bars.map((bar) => Object.freeze({ ...bar }))
    const links = input.links.map((link) => Object.freeze({ ...link }))
    adapter?.render(
      Object.freeze({ ...input, bars: Object.freeze(bars), links: Object.freeze(links) }),
    )
    return bars.map((bar) => Object.keys(bar))
  },
  setScale(scale) {
    adapter?.setScale(scale)
  },
  focusBar(id) {
    adapter?.focusBar(id)
  },
  destroy() {
    adapter?.destroy()
  },
  bars() {
    const hostBox = host.getBoundingClientRect()
    return [...host.querySelectorAll<SVGGElement>('.bar-wrapper')].map((group): BarView => {
      const rect = group.querySelector('rect.bar') as SVGRectElement
      const label = group.querySelector('.bar-label')
      const onScreen = box(rect)
      const handles = [...group.querySelectorAll<SVGElement>('.handle')]
      return {
        id: group.getAttribute('data-task-id') ?? '',
        x: Number(rect.getAttribute('x')),
        y: Number(rect.getAttribute('y')),
        width: Number(rect.getAttribute('width')),
        height: Number(rect.getAttribute('height')),
        inHost: { ...onScreen, x: onScreen.x - hostBox.x, y: onScreen.y - hostBox.y },
        classes: [...group.classList],
        labelText: label?.textContent ?? '',
        labelElements: label?.querySelectorAll('*').length ?? -1,
        diamond: group.querySelector('.tb-diamond') !== null,
        handles: handles.filter((h) => getComputedStyle(h).display !== 'none').length,
        ariaLabel: group.getAttribute('aria-label'),
        marked: marked.has(group),
        statusIcons: [...group.querySelectorAll<SVGGElement>('.tb-status-icon')].map((icon) => {
          const at = box(icon)
          const name = [...icon.classList].find((c) => c.startsWith('tb-icon-')) ?? ''
          return { name: name.slice('tb-icon-'.length), x: at.x - hostBox.x, width: at.width }
        }),
        labelBox: label
          ? (() => {
              const at = box(label)
              return { ...at, x: at.x - hostBox.x, y: at.y - hostBox.y }
            })()
          : { x: 0, y: 0, width: 0, height: 0 },
      }
    })
  },
  mark() {
    for (const group of host.querySelectorAll('.bar-wrapper')) marked.add(group)
  },
  arrows() {
    const slackPaths = (g: SVGGElement) =>
      Array.from(
        g.querySelectorAll('.tb-arrow-slack'),
        (path) => path.getAttribute('d') ?? '',
      ).filter(Boolean)
    return [...host.querySelectorAll<SVGGElement>('.tb-arrow')].map((g) => ({
      linkId: g.getAttribute('data-link-id') ?? '',
      from: g.getAttribute('data-from') ?? '',
      to: g.getAttribute('data-to') ?? '',
      classes: [...g.classList],
      lagLabel: g.querySelector('.tb-arrow-label')?.textContent ?? '',
      missingLabel: g.querySelector('.tb-arrow-missing')?.textContent ?? '',
      line: g.querySelector('.tb-arrow-line')?.getAttribute('d') ?? '',
      lag: g.querySelector('.tb-arrow-lag')?.getAttribute('d') ?? '',
      slack: slackPaths(g).join(' '),
      slackPaths: slackPaths(g),
    }))
  },
  screenBox(id) {
    return box(barGroup(id).querySelector('rect.bar') as SVGRectElement)
  },
  linkHandleBox(id) {
    return box(barGroup(id).querySelector('.tb-link-handle') as SVGCircleElement)
  },
  arrowPoint(linkId) {
    const hit = host.querySelector<SVGPathElement>(
      `[data-link-id="${CSS.escape(linkId)}"] .tb-arrow-hit`,
    )
    if (!hit) throw new Error(`no arrow ${linkId}`)
    // A point of the route where nothing (a bar) lies above the arrow, as a user would pick.
    const length = hit.getTotalLength()
    for (const fraction of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9]) {
      const at = hit.getPointAtLength(length * fraction)
      const point = new DOMPoint(at.x, at.y).matrixTransform(hit.getScreenCTM()!)
      if (document.elementFromPoint(point.x, point.y) === hit) return { x: point.x, y: point.y }
    }
    throw new Error(`arrow ${linkId} has no point a click would reach`)
  },
  gestureMarks() {
    return {
      rubber: host.querySelectorAll('.tb-link-rubber').length,
      span: host.querySelectorAll('.tb-span').length,
      targets: [...host.querySelectorAll('.is-link-target')].map(
        (g) => g.getAttribute('data-task-id') ?? '',
      ),
    }
  },
  recorded() {
    return recorded
  },
  clearRecorded() {
    recorded = empty()
  },
  counts() {
    return {
      hostElements: host.querySelectorAll('*').length,
      images: host.querySelectorAll('img, image').length,
      intlFormats,
      xssRan: flags.xssRan === true,
    }
  },
}

;(globalThis as unknown as { adapterPage: PageApi }).adapterPage = api
