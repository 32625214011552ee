// The timeline as SVG markup for export, laid out from the board itself (every row, not the
// virtualised window the screen draws): the same rows (row-layout), time scale and arrow routes
// (dependency-geometry) as the screen, so lag segments, slack, violations and milestone diamonds
// read the same. One call draws one page: a title block, the legend, the date header, then rows
// [first, last] with their tree column. Pure string building, so it is tested in Node; PNG and
// PDF are made from this markup (export-files.ts).
import type { Dependency, Task } from '../../src-shared/api'
import { wholeDays } from '../../src-shared/schedule/days'
import type { RowLayout, TaskRow, TimeScale } from '../timeline/geometry'
import { arrowBetween, barPx, BAR_HEIGHT } from '../timeline/geometry'
import { LEGEND_ITEMS, PALETTE } from './export-palette'

export const TREE_COLUMN = 260
export const TITLE_BLOCK = 64
export const HEADER_BLOCK = 40
export const FONT = 'Helvetica, Arial, sans-serif'

export interface PageInput {
  layout: RowLayout<Task>
  scale: TimeScale
  dependencies: readonly Dependency[]
  /** Rows drawn on this page, inclusive. */
  first: number
  last: number
  /** The chart's visible part, chart px (the whole scale by default). */
  fromX?: number
  toX?: number
  title: string
  /** "2 Mar 2026 – 30 Apr 2026 · 42 tasks · page 1 of 3" */
  subtitle: string
  /** The board's exact-gap mode: arrows with slack are drawn broken, as on screen. */
  exactGaps?: boolean
}

export function escapeXml(text: string): string {
  return (
    text
      // Characters XML cannot hold at all (C0 controls but tab and line ends, lone surrogates,
      // U+FFFE/U+FFFF): one in a board's title made the whole image unreadable.
      // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
  )
}

const r = (n: number) => String(Math.round(n * 100) / 100 || 0)

/** Text cut to fit about `px` pixels at 12 px Helvetica (about 6.2 px a character). */
function fit(text: string, px: number): string {
  const max = Math.max(1, Math.floor(px / 6.2))
  // By code points: a cut through a surrogate pair (an emoji) left half a character.
  const points = [...text]
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`
}

export function pageSize(
  input: Pick<PageInput, 'first' | 'last' | 'fromX' | 'toX' | 'scale' | 'layout'>,
): {
  width: number
  height: number
} {
  const chart = (input.toX ?? input.scale.width) - (input.fromX ?? 0)
  const rows = Math.max(0, input.last - input.first + 1)
  return {
    width: TREE_COLUMN + chart,
    height: TITLE_BLOCK + HEADER_BLOCK + rows * input.layout.rowHeight,
  }
}

export function timelinePageSvg(input: PageInput): string {
  const { layout, scale, first, last } = input
  const fromX = input.fromX ?? 0
  const toX = input.toX ?? scale.width
  const { width, height } = pageSize(input)
  const top = TITLE_BLOCK + HEADER_BLOCK
  const rowH = layout.rowHeight
  const rowY = (index: number) => top + (index - first) * rowH
  const cx = (x: number) => TREE_COLUMN + x - fromX
  const out: string[] = []
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${r(width)}" height="${r(height)}" viewBox="0 0 ${r(width)} ${r(height)}" font-family="${FONT}">`,
    `<defs><clipPath id="chart"><rect x="${TREE_COLUMN}" y="${TITLE_BLOCK}" width="${r(toX - fromX)}" height="${r(height - TITLE_BLOCK)}"/></clipPath></defs>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="8" y="22" font-size="18" font-weight="bold" fill="${PALETTE.text}">${escapeXml(input.title)}</text>`,
    `<text x="8" y="40" font-size="12" fill="${PALETTE.muted}">${escapeXml(input.subtitle)}</text>`,
  )
  // Legend, one line under the title.
  let lx = 8
  for (const item of LEGEND_ITEMS) {
    const y = 54
    if (item.kind === 'bar')
      out.push(`<rect x="${lx}" y="${y - 9}" width="12" height="10" rx="2" fill="${item.colour}"/>`)
    else if (item.kind === 'milestone')
      out.push(
        `<path d="M${lx + 6} ${y - 10}L${lx + 12} ${y - 4}L${lx + 6} ${y + 2}L${lx} ${y - 4}Z" fill="${item.colour}"/>`,
      )
    else out.push(`<rect x="${lx}" y="${y - 5}" width="12" height="3" fill="${item.colour}"/>`)
    out.push(
      `<text x="${lx + 16}" y="${y}" font-size="11" fill="${PALETTE.text}">${escapeXml(item.label)}</text>`,
    )
    lx += 16 + item.label.length * 6 + 16
  }

  // Header: ticks of the visible span; weekend bands under the rows.
  out.push(
    `<rect x="0" y="${TITLE_BLOCK}" width="${r(width)}" height="${HEADER_BLOCK}" fill="${PALETTE.header}"/>`,
  )
  out.push(
    `<text x="8" y="${TITLE_BLOCK + 26}" font-size="12" font-weight="bold" fill="${PALETTE.text}">Task</text>`,
  )
  out.push('<g clip-path="url(#chart)">')
  for (const span of scale.weekendSpans(fromX, toX))
    out.push(
      `<rect x="${r(cx(span.x))}" y="${top}" width="${r(span.width)}" height="${r(height - top)}" fill="${PALETTE.weekend}"/>`,
    )
  for (const tick of scale.ticks(fromX, toX)) {
    const x = cx(tick.x)
    const y = tick.major ? TITLE_BLOCK + 15 : TITLE_BLOCK + 33
    out.push(
      `<text x="${r(x + 3)}" y="${y}" font-size="${tick.major ? 12 : 10}" fill="${PALETTE.muted}">${escapeXml(tick.label)}</text>`,
    )
    out.push(
      `<line x1="${r(x)}" x2="${r(x)}" y1="${tick.major ? TITLE_BLOCK : TITLE_BLOCK + 20}" y2="${tick.major ? r(height) : top}" stroke="${PALETTE.grid}"/>`,
    )
  }
  out.push('</g>')

  // Rows: tree column text, row lines, bars.
  for (let i = first; i <= last; i++) {
    const row = layout.rows[i]
    if (!row) continue
    const y = rowY(i)
    if (row.kind === 'group') {
      out.push(
        `<rect x="0" y="${y}" width="${r(width)}" height="${rowH}" fill="${PALETTE.group}"/>`,
      )
      out.push(
        `<text x="8" y="${y + rowH / 2 + 4}" font-size="12" font-weight="bold" fill="${PALETTE.text}">${escapeXml(row.pinned ? 'Pinned' : row.projectKey)}</text>`,
      )
      continue
    }
    const { task } = row
    const indent = 8 + (row.depth + 1) * 12
    const label = `${task.projectKey}-${task.key}  ${task.title}`
    out.push(
      `<text x="${indent}" y="${y + rowH / 2 + 4}" font-size="12" fill="${PALETTE.text}"${row.hasChildren ? ' font-weight="bold"' : ''}>${escapeXml(fit(label, TREE_COLUMN - indent - 6))}</text>`,
    )
    out.push(
      `<line x1="0" x2="${r(width)}" y1="${y + rowH}" y2="${y + rowH}" stroke="${PALETTE.grid}"/>`,
    )
  }
  out.push(
    `<line x1="${TREE_COLUMN}" x2="${TREE_COLUMN}" y1="${TITLE_BLOCK}" y2="${r(height)}" stroke="#9ca3af"/>`,
  )
  out.push('<g clip-path="url(#chart)">')
  for (let i = first; i <= last; i++) {
    const row = layout.rows[i]
    if (!row || row.kind !== 'task') continue
    out.push(barSvg(row, rowY(i) + rowH / 2, scale, cx))
  }
  out.push(arrowsSvg(input, rowY, cx))
  out.push('</g></svg>')
  return out.join('')
}

function barSvg(
  row: TaskRow<Task>,
  centerY: number,
  scale: TimeScale,
  cx: (x: number) => number,
): string {
  const { task, extent, summary } = row
  const y = centerY - BAR_HEIGHT / 2
  if (row.hasChildren && summary) {
    const startMs = Math.min(summary.startMs, extent?.startMs ?? summary.startMs)
    const endMs = Math.max(summary.endMs, extent?.endMs ?? summary.endMs)
    const x = cx(scale.xOfMs(startMs))
    const w = Math.max(2, scale.xOfMs(endMs) - scale.xOfMs(startMs))
    return `<rect x="${r(x)}" y="${r(centerY - 5)}" width="${r(w)}" height="10" fill="${PALETTE.summary}"/>`
  }
  if (!extent) return ''
  const { x, width } = barPx(extent, scale)
  if (extent.kind === 'milestone') {
    const mx = cx(x)
    const h = 8
    return (
      `<path d="M${r(mx)} ${r(centerY - h)}L${r(mx + h)} ${r(centerY)}L${r(mx)} ${r(centerY + h)}L${r(mx - h)} ${r(centerY)}Z" fill="${PALETTE.milestone}"><title>${escapeXml(task.title)}</title></path>` +
      `<text x="${r(mx + h + 4)}" y="${r(centerY + 4)}" font-size="11" fill="${PALETTE.text}">${escapeXml(fit(task.title, 200))}</text>`
    )
  }
  const colours = PALETTE.priority[task.priority || 'none']
  const bx = cx(x)
  return (
    `<rect x="${r(bx)}" y="${r(y)}" width="${r(width)}" height="${BAR_HEIGHT}" rx="3" fill="${colours.fill}" stroke="${colours.stroke}"/>` +
    `<text x="${r(bx + width + 4)}" y="${r(centerY + 4)}" font-size="11" fill="${PALETTE.text}">${escapeXml(fit(task.title, 200))}</text>`
  )
}

/** Arrows with at least one end on the page; the chart's clip cuts those leaving it. */
function arrowsSvg(
  input: PageInput,
  rowY: (i: number) => number,
  cx: (x: number) => number,
): string {
  const { layout, scale, first, last } = input
  const centre = (i: number) => rowY(i) + layout.rowHeight / 2
  const out: string[] = []
  for (const dep of input.dependencies) {
    const pi = layout.rowIndexById.get(dep.predecessorId)
    const si = layout.rowIndexById.get(dep.successorId)
    if (pi === undefined || si === undefined) continue
    if ((pi < first || pi > last) && (si < first || si > last)) continue
    const pred = layout.rows[pi]
    const succ = layout.rows[si]
    if (pred?.kind !== 'task' || succ?.kind !== 'task' || !pred.extent || !succ.extent) continue
    const shifted = {
      pxPerDay: scale.pxPerDay,
      xOfMs: (ms: number) => cx(scale.xOfMs(ms)),
      xOfDayNumber: (d: number) => cx(scale.xOfDayNumber(d)),
    }
    const g = arrowBetween({
      predecessor: pred.extent,
      successor: succ.extent,
      lagDays: wholeDays(dep.lagDays), // whole days, as the screen and the plan read a lag
      predY: centre(pi),
      succY: centre(si),
      scale: shifted,
      rowHeight: layout.rowHeight,
      exact: input.exactGaps === true,
    })
    const colour = g.violated ? PALETTE.violated : PALETTE.arrow
    out.push(`<g class="arrow${g.violated ? ' violated' : ''}">`)
    if (g.lagSegment) {
      const s = g.lagSegment
      out.push(
        `<line x1="${r(s.x1)}" y1="${r(s.y)}" x2="${r(s.x2)}" y2="${r(s.y)}" stroke="${colour}" stroke-width="1.5" stroke-dasharray="4 3"/>`,
      )
      out.push(
        `<text x="${r(s.labelX)}" y="${r(s.labelY)}" font-size="10" text-anchor="middle" fill="${colour}">${escapeXml(s.label)}</text>`,
      )
    }
    out.push(`<path d="${g.path}" fill="none" stroke="${colour}" stroke-width="1.5"/>`)
    if (g.slackSegment) {
      const s = g.slackSegment
      out.push(
        `<line x1="${r(s.x1)}" y1="${r(s.y)}" x2="${r(s.x2)}" y2="${r(s.y)}" stroke="${PALETTE.slack}" stroke-width="1.5" stroke-dasharray="1 3"/>`,
      )
    }
    out.push(`<path d="${g.head}" fill="${colour}"/>`)
    if (g.violationLabel)
      out.push(
        `<text x="${r(g.violationLabel.x)}" y="${r(g.violationLabel.y)}" font-size="10" text-anchor="middle" fill="${colour}">${escapeXml(g.violationLabel.text)}</text>`,
      )
    out.push('</g>')
  }
  return out.join('')
}
