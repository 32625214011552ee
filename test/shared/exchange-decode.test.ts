// The bytes of a file given to Import, read as the text a spreadsheet meant: UTF-8 with or without
// a byte order mark, UTF-16 either way round (with or without one), and a clear refusal for
// anything else, never garbled headers.
import { describe, expect, it } from 'vitest'
import { decodeImportFile, UnreadableFile } from '../../src-shared/exchange/decode-file'
import { readCsv } from '../../src-shared/exchange/csv-import'

const CSV = 'Title,Due date\r\nÉté launch,2026-07-01\r\n'

function utf16(text: string, littleEndian: boolean, bom: boolean): Uint8Array {
  const units = [...(bom ? [0xfeff] : []), ...Array.from(text, (c) => c.charCodeAt(0))]
  const bytes = new Uint8Array(units.length * 2)
  const view = new DataView(bytes.buffer)
  units.forEach((unit, i) => view.setUint16(i * 2, unit, littleEndian))
  return bytes
}

describe('decodeImportFile', () => {
  it('reads UTF-8, with or without a byte order mark', () => {
    const utf8 = new TextEncoder().encode(CSV)
    expect(decodeImportFile(utf8)).toBe(CSV)
    expect(decodeImportFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(CSV)
  })

  it('reads UTF-16 ("Unicode text"), either byte order, with or without a mark', () => {
    for (const littleEndian of [true, false])
      for (const bom of [true, false]) {
        const text = decodeImportFile(utf16(CSV, littleEndian, bom))
        expect(text).toBe(CSV)
        expect(readCsv(text).headers).toEqual(['Title', 'Due date'])
      }
  })

  it('refuses bytes that are not UTF-8, saying how to save the file', () => {
    // "Été" in Windows-1252: 0xC9 is not UTF-8 on its own.
    const legacy = new Uint8Array([0x54, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0xc9, 0x74, 0xe9])
    expect(() => decodeImportFile(legacy)).toThrow(UnreadableFile)
    expect(() => decodeImportFile(legacy)).toThrow(/Save it as "CSV UTF-8"/)
  })

  it('reads XML in the encoding its declaration names, and words the refusal for XML', () => {
    const declared = (encoding: string, body: number[]) =>
      new Uint8Array([
        ...new TextEncoder().encode(`<?xml version="1.0" encoding="${encoding}"?><Name>`),
        ...body,
        ...new TextEncoder().encode('</Name>'),
      ])
    // "Café" in ISO-8859-1 and in Windows-1252.
    expect(decodeImportFile(declared('ISO-8859-1', [0x43, 0x61, 0x66, 0xe9]))).toContain('Café')
    expect(decodeImportFile(declared('windows-1252', [0x43, 0x61, 0x66, 0xe9]))).toContain('Café')
    // A UTF-8 byte order mark outranks a declaration naming another encoding.
    const marked = declared('ISO-8859-1', [...new TextEncoder().encode('Café')])
    expect(decodeImportFile(new Uint8Array([0xef, 0xbb, 0xbf, ...marked]))).toContain('Café')
    // Declared UTF-8 but not: no code page to guess, and the advice is for XML.
    const wrong = declared('UTF-8', [0xc9])
    expect(() => decodeImportFile(wrong)).toThrow(UnreadableFile)
    expect(() => decodeImportFile(wrong)).toThrow(/XML.*UTF-8/)
  })
})
