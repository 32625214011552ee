// A CSV file's text as a table of cells. papaparse splits it; around it: Excel's `sep=` line,
// line ends mixed in one file, a quote never closed, and the export's formula guard taken off.
import Papa from 'papaparse'
import { unguardCell, unguardCellStart } from './cell-guard'
import { PREDECESSORS_COLUMN } from './csv-export'
import type { TASK_FIELDS } from './csv-export'

/**
 * Columns of the planner's export that together name it (see readCsv): the board's record of
 * each task, and `predecessors`, which only the planner writes (a dump of the API's JSON has
 * the others too).
 */
const OWN_EXPORT_COLUMNS: readonly string[] = [
  'id',
  'parentId',
  'projectKey',
  'key',
  'milestoneId',
  'createdAt',
  'createdBy',
  'updatedAt',
  'updatedBy',
  PREDECESSORS_COLUMN,
] satisfies readonly ((typeof TASK_FIELDS)[number] | typeof PREDECESSORS_COLUMN)[]

export interface CsvTable {
  headers: string[]
  rows: string[][]
  /**
   * Cells each row had, up to its last one with text (trailing empty cells, which spreadsheets
   * write, do not count): a row with more than the header has lost a cell to a comma nobody
   * quoted, and is not read as if it fitted.
   */
  widths: number[]
}

/** A file whose quotes do not close: read on, its rest would be one cell. */
export class CsvError extends Error {}

/**
 * Rows of the file; a leading BOM and blank lines are dropped, short rows padded. A first line
 * `sep=;` (Excel writes it) names the separator; otherwise it is guessed.
 */
export function readCsv(text: string): CsvTable {
  let body = text.replace(/^\uFEFF/, '')
  const sep = /^sep=([^\r\n])[ \t]*(?:\r\n|\n|\r|$)/i.exec(body)
  if (sep) body = body.slice(sep[0].length)
  const parsed = Papa.parse<string[]>(oneLineEnd(body, sep ? sep[1]! : ',;\t|'), {
    skipEmptyLines: 'greedy',
    ...(sep ? { delimiter: sep[1] } : {}),
  })
  const unclosed = parsed.errors.find((error) => error.code === 'MissingQuotes')
  if (unclosed)
    throw new CsvError(
      `Row ${(unclosed.row ?? 0) + 1} of the file opens a quote (") that is never closed, so ` +
        'everything after it would read as one cell. Close it (a quote meant as text is written ' +
        'twice: "") and pick the file again.',
    )
  const [headers = [], ...rows] = parsed.data
  const width = (row: string[]) => {
    let n = row.length
    while (n > 0 && (row[n - 1] ?? '').trim() === '') n--
    return n
  }
  // The planner's own export guards inside cells too; any other file only where a spreadsheet
  // marks a cell as text, at its start. Told by the columns no other tool writes together (the
  // board's record of who made and changed each task), not by every column: a user who deleted
  // one in a spreadsheet had every guard inside a cell read as the author's own.
  const own = OWN_EXPORT_COLUMNS.every((field) => headers.includes(field))
  const unguard = own ? unguardCell : unguardCellStart
  return {
    headers: headers.map(unguard),
    rows: rows.map((row) => headers.map((_, i) => unguard(row[i] ?? ''))),
    widths: rows.map(width),
  }
}

/**
 * The text with every line end outside quotes as LF, when it mixes CRLF, CR and LF (rows pasted
 * together from several tools): papaparse takes the first kind it meets as the file's, so the
 * others stayed in cells ("1\r") or joined two rows into one. A quote opens a cell only at its
 * start (after a line end or one of `delimiters`), as papaparse reads it; line breaks inside
 * quotes are the cell's own and stay as they are.
 */
function oneLineEnd(text: string, delimiters: string): string {
  const kinds =
    Number(text.includes('\r\n')) + Number(/\r(?!\n)/.test(text)) + Number(/(?<!\r)\n/.test(text))
  if (kinds < 2) return text
  const parts: string[] = []
  let from = 0
  let quoted = false
  let cellStart = true
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') i++
        else quoted = false
      }
      continue
    }
    if (c === '\r' || c === '\n') {
      const end = c === '\r' && text[i + 1] === '\n' ? i + 2 : i + 1
      parts.push(text.slice(from, i), '\n')
      from = end
      i = end - 1
      cellStart = true
      continue
    }
    if (c === '"' && cellStart) quoted = true
    cellStart = delimiters.includes(c)
  }
  parts.push(text.slice(from))
  return parts.join('')
}
