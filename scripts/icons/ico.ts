// Windows .ico writer. Every size is drawn from the SVG (no downscaling of a big bitmap), then
// stored the way Windows' own tools and resource editors expect: 256 px as PNG, the smaller
// sizes as 32-bit BMP (a PNG-compressed small entry is readable since Vista, but some tools
// that embed the icon into the .exe and the NSIS installer still expect bitmaps there).
// Format: ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the images.

/** One rendered size: straight (not premultiplied) RGBA pixels, and the same image as PNG. */
export interface IcoImage {
  size: number
  rgba: Uint8Array
  png: Uint8Array
}

/** Sizes at or above this are stored as PNG, below as BMP. */
const PNG_FROM = 256

export function encodeIco(images: readonly IcoImage[]): Buffer {
  const sorted = [...images].sort((a, b) => a.size - b.size)
  const payloads = sorted.map((image) =>
    image.size >= PNG_FROM ? Buffer.from(image.png) : bmpEntry(image),
  )
  const header = Buffer.alloc(6 + 16 * sorted.length)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // 1 = icon
  header.writeUInt16LE(sorted.length, 4)
  let offset = header.length
  sorted.forEach((image, index) => {
    if (image.size < 1 || image.size > 256)
      throw new Error(`An .ico image is 1-256 px, not ${image.size}`)
    const entry = 6 + 16 * index
    const payload = payloads[index]!
    header.writeUInt8(image.size === 256 ? 0 : image.size, entry) // 0 means 256
    header.writeUInt8(image.size === 256 ? 0 : image.size, entry + 1)
    header.writeUInt8(0, entry + 2) // no palette
    header.writeUInt8(0, entry + 3) // reserved
    header.writeUInt16LE(1, entry + 4) // colour planes
    header.writeUInt16LE(32, entry + 6) // bits per pixel
    header.writeUInt32LE(payload.length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += payload.length
  })
  return Buffer.concat([header, ...payloads])
}

/**
 * A BITMAPINFOHEADER, the pixels bottom-up as BGRA, then the 1-bit AND mask (set where the
 * pixel is fully transparent). The header's height counts both, so it is twice the image's.
 */
function bmpEntry({ size, rgba }: IcoImage): Buffer {
  if (rgba.length !== size * size * 4) throw new Error(`${size} px needs ${size * size * 4} bytes`)
  const maskRow = Math.ceil(size / 32) * 4
  const pixelBytes = size * size * 4
  const out = Buffer.alloc(40 + pixelBytes + maskRow * size)
  out.writeUInt32LE(40, 0) // header size
  out.writeInt32LE(size, 4)
  out.writeInt32LE(size * 2, 8)
  out.writeUInt16LE(1, 12) // planes
  out.writeUInt16LE(32, 14) // bits per pixel
  out.writeUInt32LE(0, 16) // BI_RGB
  out.writeUInt32LE(pixelBytes + maskRow * size, 20)
  for (let y = 0; y < size; y++) {
    const row = size - 1 - y // bottom-up
    for (let x = 0; x < size; x++) {
      const from = (y * size + x) * 4
      const to = 40 + (row * size + x) * 4
      out[to] = rgba[from + 2]! // B
      out[to + 1] = rgba[from + 1]! // G
      out[to + 2] = rgba[from]! // R
      out[to + 3] = rgba[from + 3]! // A
      if (rgba[from + 3] === 0) {
        const mask = 40 + pixelBytes + row * maskRow + (x >> 3)
        out[mask] = out[mask]! | (0x80 >> (x & 7))
      }
    }
  }
  return out
}
