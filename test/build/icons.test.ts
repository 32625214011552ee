// build/ holds the icons electron-builder packs, drawn by scripts/make-icons.ts from the one
// SVG. They are committed, so this checks they are what the script made from today's SVG, and
// that each file is what its platform reads: sizes, formats, containers.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ICNS_TYPES } from '../../scripts/icons/icns'
import {
  ICNS_FILE,
  ICO_FILE,
  ICO_SIZES,
  LINUX_DIR,
  LINUX_SIZES,
  linuxFile,
  MANIFEST,
  SOURCE,
} from '../../scripts/icons/icon-set'

const build = new URL('../../build/', import.meta.url)
const file = (name: string): Buffer => readFileSync(new URL(name, build))
const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex')
const manifest = JSON.parse(file(MANIFEST).toString('utf8')) as {
  source: { file: string; sha256: string }
  files: Record<string, string>
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
function pngSize(data: Buffer): { width: number; height: number } {
  expect(data.subarray(0, 8).equals(PNG_MAGIC), 'PNG signature').toBe(true)
  expect(data.toString('ascii', 12, 16)).toBe('IHDR')
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) }
}

describe('the icons in build/', () => {
  it('were drawn from the SVG as it is now (else run `npm run icons`)', () => {
    expect(manifest.source.file).toBe(SOURCE)
    expect(sha256(file(SOURCE))).toBe(manifest.source.sha256)
  })

  it('are the files the script wrote, unedited', () => {
    const expected = [...LINUX_SIZES.map(linuxFile), ICO_FILE, ICNS_FILE].sort()
    expect(Object.keys(manifest.files).sort()).toEqual(expected)
    for (const [name, hash] of Object.entries(manifest.files))
      expect(sha256(file(name)), name).toBe(hash)
    const linux = readdirSync(new URL(`${LINUX_DIR}/`, build)).map((n) => `${LINUX_DIR}/${n}`)
    expect(linux.sort()).toEqual(LINUX_SIZES.map(linuxFile).sort())
  })

  it('Linux: a PNG per hicolor size, 16 to 512, named as electron-builder reads them', () => {
    expect(LINUX_SIZES).toEqual(expect.arrayContaining([16, 32, 48, 64, 128, 256, 512]))
    for (const size of LINUX_SIZES)
      expect(pngSize(file(linuxFile(size)))).toEqual({ width: size, height: size })
  })

  it('Windows: an .ico with 16 to 256 px, 256 as PNG and the rest as 32-bit bitmaps', () => {
    const ico = file(ICO_FILE)
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1])
    const count = ico.readUInt16LE(4)
    const sizes: number[] = []
    let end = 6 + 16 * count
    for (let i = 0; i < count; i++) {
      const entry = 6 + 16 * i
      const size = ico.readUInt8(entry) || 256
      const [bytes, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)]
      expect(ico.readUInt8(entry + 1) || 256).toBe(size)
      expect(ico.readUInt16LE(entry + 6)).toBe(32)
      expect(offset).toBe(end) // images follow the directory back to back
      end = offset + bytes
      const image = ico.subarray(offset, offset + bytes)
      if (size === 256) {
        expect(pngSize(image)).toEqual({ width: 256, height: 256 })
      } else {
        // BITMAPINFOHEADER: its height counts the pixels and the AND mask.
        expect(image.readUInt32LE(0)).toBe(40)
        expect([image.readInt32LE(4), image.readInt32LE(8)]).toEqual([size, size * 2])
        expect(image.readUInt16LE(14)).toBe(32)
        expect(bytes).toBe(40 + size * size * 4 + Math.ceil(size / 32) * 4 * size)
      }
      sizes.push(size)
    }
    expect(end).toBe(ico.length)
    expect(sizes).toEqual([...ICO_SIZES])
  })

  it('macOS: an .icns with every size from 16 to 1024 px, Retina variants included', () => {
    const icns = file(ICNS_FILE)
    expect(icns.toString('ascii', 0, 4)).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const found: Record<string, number> = {}
    for (let at = 8; at < icns.length;) {
      const [type, length] = [icns.toString('ascii', at, at + 4), icns.readUInt32BE(at + 4)]
      const { width, height } = pngSize(icns.subarray(at + 8, at + length))
      expect(width, type).toBe(height)
      found[type] = width
      at += length
    }
    expect(found).toEqual(ICNS_TYPES)
  })
})
