// Every colour of the renderer comes from a CSS variable (issue 14, item 3: light and dark are
// one attribute on <html>). Colour literals may stand only where the palettes are defined:
// src-renderer/theme/theme.css, and the timeline adapter's own --tb-* variables (its light
// defaults). A literal as a var() fallback is tolerated: the variable is always defined.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
const RENDERER = join(ROOT, 'src-renderer')
const PALETTE = 'src-renderer/theme/theme.css'
const ADAPTER = 'src-renderer/timeline/adapter/timeline-adapter.css'

const LITERAL =
  /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|:\s*(?:white|black|red|green|blue|gray|grey|orange|yellow|purple)\b/gi

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return cssFiles(path)
    return entry.name.endsWith('.css') ? [path] : []
  })
}

/** The colour literals of a stylesheet, as `line: text`, outside the allowed places. */
function strayColours(css: string, file: string): string[] {
  if (file === PALETTE) return []
  return css
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .split('\n')
    .flatMap((line, i) => {
      if (file === ADAPTER && /^\s*--tb-[\w-]+:/.test(line)) return []
      // Drop var() fallbacks, innermost first: var(--a, var(--b, #fff)) -> var().
      let text = line
      for (let before = ''; before !== text;) {
        before = text
        text = text.replace(/var\(--[\w-]+,[^()]*(?:\([^()]*\)[^()]*)*\)/g, 'var()')
      }
      return text.match(LITERAL) ? [`${i + 1}: ${line.trim()}`] : []
    })
}

describe('colours in the renderer stylesheets', () => {
  it('come from the palette variables only', () => {
    const stray = cssFiles(RENDERER).flatMap((path) => {
      const file = relative(ROOT, path)
      return strayColours(readFileSync(path, 'utf8'), file).map((hit) => `${file}:${hit}`)
    })
    expect(stray).toEqual([])
  })

  it('would catch a literal, and lets fallbacks and the palette be', () => {
    expect(strayColours('.a {\n  color: #555;\n}', 'src-renderer/x.css')).toEqual([
      '2: color: #555;',
    ])
    expect(
      strayColours('.a { box-shadow: 0 1px rgb(0 0 0 / 10%); }', 'src-renderer/x.css'),
    ).toHaveLength(1)
    expect(strayColours('.a { background: white; }', 'src-renderer/x.css')).toHaveLength(1)
    expect(strayColours('.a { stroke: var(--h, var(--bg, #fff)); }', 'src-renderer/x.css')).toEqual(
      [],
    )
    expect(strayColours('.a { fill: var(--g, rgb(1 2 3 / 0.1)); }', 'src-renderer/x.css')).toEqual(
      [],
    )
    expect(strayColours('/* #fff */ .a { color: var(--text); }', 'src-renderer/x.css')).toEqual([])
    expect(strayColours('.tb-timeline {\n  --tb-x: #fff;\n}', ADAPTER)).toEqual([])
    expect(strayColours('.tb-x { fill: #fff; }', ADAPTER)).toHaveLength(1)
    expect(strayColours(':root { --bg: #fff; }', PALETTE)).toEqual([])
  })
})
