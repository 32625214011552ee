// Every benchmark writes its figures into its own level-2 section of docs/benchmarks.md: the
// section under `heading` is replaced (or appended), the rest of the file is left as it is.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { format, resolveConfig } from 'prettier'

export const BENCHMARKS_DOC = join(import.meta.dirname, '..', 'docs', 'benchmarks.md')

export async function writeDocSection(
  heading: string,
  section: string,
  intro = '# Benchmarks\n',
): Promise<string> {
  const text = existsSync(BENCHMARKS_DOC) ? readFileSync(BENCHMARKS_DOC, 'utf8') : intro
  const body = `${section.trimEnd()}\n`
  const start = text.indexOf(`${heading}\n`)
  let next: string
  if (start === -1) {
    next = `${text.trimEnd()}\n\n${body}`
  } else {
    const after = text.slice(start + heading.length)
    const end = after.search(/\n## /)
    const rest = end === -1 ? '' : after.slice(end + 1)
    next = `${text.slice(0, start)}${body}${rest ? `\n${rest}` : ''}`
  }
  writeFileSync(
    BENCHMARKS_DOC,
    await format(next, { ...(await resolveConfig(BENCHMARKS_DOC)), filepath: BENCHMARKS_DOC }),
  )
  return BENCHMARKS_DOC
}
