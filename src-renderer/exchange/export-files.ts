// Files from the export's SVG pages: PNG through a canvas, PDF through jsPDF + svg2pdf.js (vector:
// arrows, dashes and text stay sharp at any zoom), CSV as text. jsPDF is loaded only when a PDF
// is made, so the planner's start does not pay for it. The file reaches the user as a download of
// a blob: browser mode saves it to the downloads folder; Electron shows the save dialog
// (src-main/window/security-guards.ts allows only the planner's own blobs).
import type { Orientation, Paper } from './export-pages'
import { PDF_MARGIN } from './export-pages'
import { localTodayIso } from '../local-now'

/** Chromium's canvas limits are 32,767 px a side and 268 M px in all; stay well inside them. */
const MAX_SIDE = 16_000
const MAX_AREA = 100_000_000

function svgSize(svg: string): { width: number; height: number } {
  const match = /width="([\d.]+)" height="([\d.]+)"/.exec(svg)
  return { width: Number(match?.[1] ?? 0), height: Number(match?.[2] ?? 0) }
}

/** The page as a PNG at twice its size (sharp on paper and high-density screens) when it fits. */
export async function pngOf(svg: string): Promise<Blob> {
  const { width, height } = svgSize(svg)
  const ratio = Math.min(
    2,
    MAX_SIDE / width,
    MAX_SIDE / height,
    Math.sqrt(MAX_AREA / (width * height)),
  )
  const image = new Image()
  // data: (not blob:) because the page's CSP allows images from 'self' and data: only.
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
  await image.decode()
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.floor(width * ratio))
  canvas.height = Math.max(1, Math.floor(height * ratio))
  const context = canvas.getContext('2d')
  if (!context) throw new Error('This browser cannot draw the image (no canvas).')
  context.drawImage(image, 0, 0, canvas.width, canvas.height)
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image is too large.'))),
      'image/png',
    ),
  )
}

export async function pdfOf(
  pages: readonly string[],
  paper: Paper,
  orientation: Orientation,
  scale: number,
): Promise<Blob> {
  const [{ jsPDF }, { svg2pdf }] = await Promise.all([import('jspdf'), import('svg2pdf.js')])
  const doc = new jsPDF({ unit: 'pt', format: paper, orientation, compress: true })
  // svg2pdf reads elements; they sit in a detached-looking but attached holder while it runs.
  const holder = document.createElement('div')
  holder.style.cssText = 'position:fixed;left:-100000px;top:0;visibility:hidden'
  document.body.append(holder)
  try {
    for (const [i, svg] of pages.entries()) {
      if (i > 0) doc.addPage(paper, orientation)
      holder.innerHTML = svg
      const element = holder.firstElementChild!
      const { width, height } = svgSize(svg)
      await svg2pdf(element, doc, {
        x: PDF_MARGIN,
        y: PDF_MARGIN,
        width: width * scale,
        height: height * scale,
      })
    }
  } finally {
    holder.remove()
  }
  return doc.output('blob')
}

/** Saves `blob` as `name`: a download in the browser, the save dialog in the desktop app. */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The download has its own reference to the blob by now; keep the URL a little anyway.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** `board-name-2026-11-24.pdf` (the user's own date): letters, digits and dashes only. */
export function fileName(board: string, extension: string, now = Date.now()): string {
  const base =
    board
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'board'
  return `${base}-${localTodayIso(now)}.${extension}`
}
