// Tags and multi-select values in one CSV cell. People read and type them as `ui; web`, which the
// import splits on `;` and trims, so a value holding a `;` or spaces at its ends came back as
// other values. Such a list is written as a JSON array of strings (`["x;y"," sp "]`), which the
// import reads exactly; every other list stays as people type it.

export const LIST_SEPARATOR = '; '

/** A value the plain form would not give back as it is. */
const changedByPlain = (value: string) =>
  value === '' || value.trim() !== value || value.includes(';')

export function listCell(values: readonly string[]): string {
  const plain = values.join(LIST_SEPARATOR)
  // A plain cell starting with "[" could read as the JSON form, so it is written as one.
  if (!values.some(changedByPlain) && !plain.startsWith('[')) return plain
  return JSON.stringify(values)
}

export function readListCell(cell: string): string[] {
  const text = cell.trim()
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text)
      if (Array.isArray(parsed) && parsed.every((v) => typeof v === 'string')) return parsed
    } catch {
      // Not the JSON form ("[wip]; done" typed by hand): read as people type lists.
    }
  }
  return text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
}
