// macOS .icns writer: the 'icns' magic and total length, then one element per size, each an
// OSType, its length (8 + data) and a PNG. All lengths are big-endian. macOS reads PNG data in
// every element type below since 10.7; the @2x types are the Retina variants of the same point
// size (ic11 is 16 pt at 2x, so 32 px).

/** Element type -> pixel size, as iconutil writes them. */
export const ICNS_TYPES = {
  icp4: 16,
  icp5: 32,
  icp6: 64,
  ic07: 128,
  ic08: 256,
  ic09: 512,
  ic10: 1024,
  ic11: 32,
  ic12: 64,
  ic13: 256,
  ic14: 512,
} as const satisfies Record<string, number>

export type IcnsType = keyof typeof ICNS_TYPES

export function encodeIcns(pngBySize: ReadonlyMap<number, Uint8Array>): Buffer {
  const elements = (Object.entries(ICNS_TYPES) as [IcnsType, number][]).map(([type, size]) => {
    const png = pngBySize.get(size)
    if (!png) throw new Error(`.icns element ${type} needs a ${size} px PNG`)
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(8 + png.length, 4)
    return Buffer.concat([head, png])
  })
  const body = Buffer.concat(elements)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(8 + body.length, 4)
  return Buffer.concat([head, body])
}
