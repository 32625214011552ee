// The package carries out/ and the production dependencies only (electron-builder.yml): a
// package the built main process, worker or preload imports must be in "dependencies", or the
// installed app fails at start while every test here passes. Needs `npm run build` first (npm
// test builds).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
}

function builtFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(c|m)?js$/.test(name))
    .map((name) => join(root, dir, name))
}

/** Bare specifiers of the imports (static, side-effect, dynamic) and requires Rollup emitted. */
function bareImports(code: string): string[] {
  const found = code.matchAll(
    /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"'./][^"']*)["']/g,
  )
  return [...found].map((match) => match[1]!)
}

const packageName = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

describe('the built app', () => {
  it('imports only Node, Electron and production dependencies', () => {
    expect(existsSync(join(root, 'out/main/index.js')), 'run `npm run build` first').toBe(true)
    const files = [...builtFiles('out/main'), ...builtFiles('out/preload')]
    const imported = new Set(files.flatMap((file) => bareImports(readFileSync(file, 'utf8'))))
    const outside = [...imported]
      .filter((specifier) => !specifier.startsWith('node:'))
      .filter((specifier) => !builtinModules.includes(specifier))
      .map(packageName)
      .filter((name) => name !== 'electron' && !(name in packageJson.dependencies))
    expect(outside, 'move these to "dependencies"').toEqual([])
    // The check sees the imports it guards: the board's SQLite and the keychain binding.
    expect([...imported]).toEqual(expect.arrayContaining(['libsql', '@napi-rs/keyring']))
  })
})
