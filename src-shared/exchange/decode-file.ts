// The text of a file given to Import. Spreadsheets save CSV as UTF-8 (with or without a byte order
// mark), as UTF-16 ("Unicode text"), or in a legacy code page. Read as UTF-8 regardless, UTF-16
// came out as garbled headers and every row "title: must not be blank", with no word of why.

/** A file that is not text Import can read, with what to do about it. */
export class UnreadableFile extends Error {}

/** NUL bytes at even (big-endian) or odd (little-endian) places: UTF-16 without a BOM. */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096))
  let even = 0
  let odd = 0
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue
    if (i % 2 === 0) even++
    else odd++
  }
  const pairs = sample.length / 2
  if (pairs >= 2 && odd > pairs * 0.4 && even === 0) return 'utf-16le'
  if (pairs >= 2 && even > pairs * 0.4 && odd === 0) return 'utf-16be'
  return undefined
}

export function decodeImportFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(bytes.subarray(2))
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder('utf-16be').decode(bytes.subarray(2))
  const utf16 = utf16WithoutBom(bytes)
  if (utf16) return new TextDecoder(utf16).decode(bytes)
  // An XML file names its encoding in its declaration (`<?xml … encoding="ISO-8859-1"?>`), and
  // one that is not UTF-8 is as valid as one that is: it is read in the encoding it names.
  const declared = xmlEncoding(bytes)
  // A UTF-8 byte order mark outranks the declaration (the XML spec's rule).
  const utf8Mark = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
  if (declared && !utf8Mark && !/^utf-?(8|16)$/i.test(declared)) {
    try {
      return new TextDecoder(declared, { fatal: true }).decode(bytes)
    } catch {
      throw new UnreadableFile(
        `The XML file says it is in the "${declared}" encoding, which the planner cannot read (or its bytes are not). Save it from MS Project as XML again (UTF-8) and import it again.`,
      )
    }
  }
  try {
    // `fatal`: bytes that are not UTF-8 are an error, not replacement characters in titles.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    if (declared !== undefined || startsLikeXml(bytes))
      throw new UnreadableFile(
        'The XML file is not UTF-8 text, and it names no other encoding. Save it from MS Project as XML again (UTF-8) and import it again.',
      )
    throw new UnreadableFile(
      'The file is not UTF-8 or UTF-16 text (a spreadsheet may have saved it in a legacy code page, such as Windows-1252). Save it as "CSV UTF-8" and import it again.',
    )
  }
}

/** The start of the file as Latin-1 (every byte one character): enough to read a declaration. */
const head = (bytes: Uint8Array) =>
  String.fromCharCode(...bytes.subarray(bytes[0] === 0xef ? 3 : 0, 300))

const startsLikeXml = (bytes: Uint8Array) => head(bytes).trimStart().startsWith('<')

/** The encoding an XML declaration names, if the file starts with one. */
function xmlEncoding(bytes: Uint8Array): string | undefined {
  const match = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head(bytes))
  return match?.[1]
}
