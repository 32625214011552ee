// Draws every icon in build/ from the one source, build/icon.svg:
//   npm run icons        (node --import tsx scripts/make-icons.ts)
// The outputs are committed, so packaging never needs this script; run it after editing the
// SVG (test/build/icons.test.ts fails until you do). Rendering is @resvg/resvg-js, whose
// prebuilt binary comes inside an npm package: nothing is compiled or downloaded.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Resvg } from '@resvg/resvg-js'
import { encodeIcns, ICNS_TYPES } from './icons/icns'
import { encodeIco } from './icons/ico'
import {
  APPLE_CANVAS,
  ICNS_FILE,
  ICO_FILE,
  ICO_SIZES,
  LINUX_DIR,
  LINUX_SIZES,
  linuxFile,
  MANIFEST,
  SOURCE,
  TILE,
} from './icons/icon-set'

const BUILD = fileURLToPath(new URL('../build/', import.meta.url))

interface Rendered {
  png: Buffer
  /** Straight RGBA (resvg hands out premultiplied pixels). */
  rgba: Uint8Array
}

function render(svg: string, size: number): Rendered {
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render()
  if (image.width !== size || image.height !== size)
    throw new Error(`${SOURCE} must be square: rendered ${image.width}x${image.height} for ${size}`)
  return { png: image.asPng(), rgba: unpremultiply(image.pixels) }
}

function unpremultiply(pixels: Uint8Array): Uint8Array {
  const out = new Uint8Array(pixels.length)
  for (let i = 0; i < pixels.length; i += 4) {
    const alpha = pixels[i + 3]!
    for (let c = 0; c < 3; c++)
      out[i + c] = alpha === 0 ? 0 : Math.min(255, Math.round((pixels[i + c]! * 255) / alpha))
    out[i + 3] = alpha
  }
  return out
}

/** The same drawing framed for Windows and Linux: the tile alone, edge to edge. */
function edgeToEdge(svg: string): string {
  const root = `viewBox="${APPLE_CANVAS}"`
  if (!svg.includes(root))
    throw new Error(`${SOURCE} must keep ${root}: its tile is cropped out as ${TILE}`)
  return svg.replace(root, `viewBox="${TILE}"`)
}

function makeIcons(svg: string): Map<string, Buffer> {
  const tile = edgeToEdge(svg)
  const files = new Map<string, Buffer>()
  for (const size of LINUX_SIZES) files.set(linuxFile(size), render(tile, size).png)
  files.set(ICO_FILE, encodeIco(ICO_SIZES.map((size) => ({ size, ...render(tile, size) }))))
  const appleSizes = [...new Set(Object.values(ICNS_TYPES))]
  files.set(ICNS_FILE, encodeIcns(new Map(appleSizes.map((size) => [size, render(svg, size).png]))))
  return files
}

const sha256 = (data: Uint8Array | string): string =>
  createHash('sha256').update(data).digest('hex')

function main(): void {
  const svg = readFileSync(join(BUILD, SOURCE), 'utf8')
  const files = makeIcons(svg)
  // Start the Linux set afresh, so a size dropped from the list leaves no stray file behind.
  rmSync(join(BUILD, LINUX_DIR), { recursive: true, force: true })
  for (const [name, data] of files) {
    mkdirSync(dirname(join(BUILD, name)), { recursive: true })
    writeFileSync(join(BUILD, name), data)
  }
  const manifest = {
    note: 'Written by scripts/make-icons.ts (npm run icons) from the SVG below; do not edit.',
    source: { file: SOURCE, sha256: sha256(svg) },
    files: Object.fromEntries([...files].map(([name, data]) => [name, sha256(data)]).sort()),
  }
  writeFileSync(join(BUILD, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
  const total = [...files.values()].reduce((sum, data) => sum + data.length, 0)
  console.log(
    `${files.size} icons from build/${SOURCE} (${Math.round(total / 1024)} KiB): ` +
      `${readdirSync(join(BUILD, LINUX_DIR)).length} Linux PNGs, ${ICO_FILE}, ${ICNS_FILE}`,
  )
}

main()
