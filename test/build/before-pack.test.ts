// The beforePack checks (scripts/packaging/): a package is built only from node_modules that
// hold the target's prebuilt native binaries, and a .deb only with a maintainer and web page.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Arch } from 'electron-builder'
import { afterAll, describe, expect, it } from 'vitest'
import { checkBeforePack } from '../../scripts/packaging/before-pack-checks'
import type { PackContext } from '../../scripts/packaging/before-pack-checks'
import { debMetadataProblems } from '../../scripts/packaging/deb-metadata'
import {
  missingPlatformPackages,
  npmTarget,
  platformPackagesFor,
} from '../../scripts/packaging/native-packages'
import type { Lockfile } from '../../scripts/packaging/native-packages'

const projectDir = fileURLToPath(new URL('../../', import.meta.url))
const lock = (await import('../../package-lock.json', { with: { type: 'json' } }))
  .default as Lockfile
const names = (paths: string[]): string[] => paths.map((p) => p.replace(/^node_modules\//, ''))

describe('the platform packages a target needs, from package-lock.json', () => {
  it('libsql’s SQLite binary for each target we ship', () => {
    const of = (platform: string, arch: Arch) =>
      names(platformPackagesFor(lock, npmTarget(platform, arch)))
    expect(of('linux', Arch.x64)).toContain('@libsql/linux-x64-gnu')
    expect(of('linux', Arch.arm64)).toContain('@libsql/linux-arm64-gnu')
    expect(of('win32', Arch.x64)).toContain('@libsql/win32-x64-msvc')
    expect(of('darwin', Arch.arm64)).toContain('@libsql/darwin-arm64')
    expect(of('mas', Arch.x64)).toContain('@libsql/darwin-x64')
    expect(of('darwin', Arch.universal)).toEqual(
      expect.arrayContaining(['@libsql/darwin-x64', '@libsql/darwin-arm64']),
    )
    expect(of('win32', Arch.x64)).not.toContain('@libsql/linux-x64-gnu')
  })

  it('leaves out dev tools and, on Linux, packages for musl only', () => {
    const linux = names(platformPackagesFor(lock, npmTarget('linux', Arch.x64)))
    expect(linux.some((name) => name.startsWith('@resvg/'))).toBe(false) // a devDependency
    const lockfile: Lockfile = {
      packages: {
        '': {},
        'node_modules/a-glibc': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
        'node_modules/a-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
        'node_modules/not-windows': { os: ['!win32'] },
        'node_modules/dev-tool': { os: ['linux'], cpu: ['x64'], dev: true },
        'node_modules/plain': {},
      },
    }
    expect(platformPackagesFor(lockfile, npmTarget('linux', Arch.x64))).toEqual([
      'node_modules/a-glibc',
      'node_modules/not-windows',
    ])
    expect(platformPackagesFor(lockfile, npmTarget('win32', Arch.x64))).toEqual([])
  })

  it('finds this machine’s all installed, and another platform’s missing', () => {
    const here = npmTarget(process.platform, Arch[process.arch as keyof typeof Arch])
    expect(missingPlatformPackages(projectDir, here)).toEqual([])
    const elsewhere = npmTarget(process.platform === 'win32' ? 'linux' : 'win32', Arch.x64)
    expect(missingPlatformPackages(projectDir, elsewhere).length).toBeGreaterThan(0)
  })
})

describe('the beforePack hook', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tb-before-pack-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  writeFileSync(
    join(dir, 'package-lock.json'),
    JSON.stringify({
      packages: {
        'node_modules/@libsql/linux-x64-gnu': { os: ['linux'], cpu: ['x64'] },
        'node_modules/@libsql/win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
      },
    }),
  )
  mkdirSync(join(dir, 'node_modules/@libsql/linux-x64-gnu'), { recursive: true })
  writeFileSync(join(dir, 'node_modules/@libsql/linux-x64-gnu/package.json'), '{}')

  const context = (
    electronPlatformName: string,
    targets: string[],
    metadata: PackContext['packager']['info']['metadata'] = {},
  ): PackContext => ({
    electronPlatformName,
    arch: Arch.x64,
    targets: targets.map((name) => ({ name })),
    packager: { projectDir: dir, config: {}, info: { metadata } },
  })

  it('passes when the target’s binaries are there', () => {
    const complete = { homepage: 'https://example.org', author: { name: 'A', email: 'a@b.c' } }
    expect(() => checkBeforePack(context('linux', ['AppImage', 'deb'], complete))).not.toThrow()
  })

  it('stops a Windows package built from Linux binaries, naming what is missing', () => {
    expect(() => checkBeforePack(context('win32', ['nsis']))).toThrow(
      /Cannot package for win32 x64[\s\S]*@libsql\/win32-x64-msvc[\s\S]*win32 x64 machine/,
    )
  })

  it('stops a .deb with no maintainer or web page before the Electron download', () => {
    expect(() => checkBeforePack(context('linux', ['AppImage']))).not.toThrow()
    expect(() => checkBeforePack(context('linux', ['deb']))).toThrow(
      /Cannot build the \.deb[\s\S]*homepage[\s\S]*author[\s\S]*-c\.extraMetadata\.homepage=/,
    )
  })

  it('takes the maintainer from the configuration or the author, the page from either field', () => {
    expect(debMetadataProblems({ repository: 'github:o/r' }, 'Name <n@e.org>')).toEqual([])
    expect(debMetadataProblems({ homepage: 'https://e.org', author: { name: 'N' } })).toHaveLength(
      1,
    )
  })
})
