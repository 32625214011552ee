// CSV cells a spreadsheet would run as formulas, made harmless on export and read back exactly on
// import (against CSV injection: a board's titles are anyone's text). OWASP's advice is a `'`
// before a cell that starts with `=`, `+`, `-`, `@`, a tab or a CR. A spreadsheet whose list
// separator is `;` (most of Europe) reads the planner's commas as text and starts a cell after
// every `;`, so `Budget;=cmd|' /C calc'!A0` ran the command even though the cell itself started
// with a B. So the `'` goes wherever some spreadsheet may start a cell: at the cell's start and
// after each `;`, `|`, tab, line break or `"`.

/** Where a cell may start, for a spreadsheet that splits lines its own way. */
const BREAK = String.raw`(?<=^|[;|\t\r\n"])`
/** What a spreadsheet runs as a formula, and the `'` that marks an escape (so it is escaped too). */
const FORMULA = String.raw`[=+\-@\t\r']`

const UNGUARDED = new RegExp(`${BREAK}(?=${FORMULA})`, 'g')
const GUARDED = new RegExp(`${BREAK}'(?=${FORMULA})`, 'g')

/**
 * The cell with a `'` before each formula character (or `'`) that starts it or follows a break.
 * A `'` already there gets one more, so `unguardCell` takes off exactly what was added.
 */
export function guardCell(cell: string): string {
  return cell.replace(UNGUARDED, "'")
}

/**
 * The cell as it was before `guardCell`. Spreadsheets also use a leading `'` to mark text, so
 * `'=A1` from one is `=A1` here; any other `'` is the cell's own.
 */
export function unguardCell(cell: string): string {
  return cell.replace(GUARDED, '')
}

const GUARDED_START = new RegExp(`^'(?=${FORMULA})`)

/**
 * A cell of a file the planner did not write: only a `'` that starts it is taken as a guard
 * (spreadsheets mark text so); one inside is the author's own (`'''docstring` on a line of a
 * description lost a quote when every guard position was read as the planner's).
 */
export function unguardCellStart(cell: string): string {
  return cell.replace(GUARDED_START, '')
}
