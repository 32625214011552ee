// The packaged app ships node_modules as npm installed them on the build machine, unchanged
// (electron-builder.yml: npmRebuild false). Our native modules are N-API binaries that come
// prebuilt in per-platform npm packages (libsql -> @libsql/linux-x64-gnu, @napi-rs/keyring ->
// @napi-rs/keyring-linux-x64-gnu, ...): N-API is ABI-stable, so the binary npm installed for
// Node loads in Electron too, and nothing is rebuilt. What can go wrong is the platform: npm
// installs only the packages of the machine it runs on, so a Windows installer built on Linux
// would carry Linux binaries and fail at start. Before electron-builder packs a target, this
// check reads package-lock.json for every non-dev package tied to an OS or CPU, picks those the
// target needs, and stops the build if one is missing from node_modules.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Arch } from 'electron-builder'

/** The part of a package-lock.json (lockfileVersion 2 or 3) this check reads. */
export interface Lockfile {
  packages: Record<string, LockEntry>
}

export interface LockEntry {
  os?: string[]
  cpu?: string[]
  libc?: string[]
  dev?: boolean
}

/** A target in npm's terms: process.platform and process.arch of the machine it runs on. */
export interface NpmTarget {
  os: string
  cpus: string[]
}

/** electron-builder's platform and arch, as npm names them. */
export function npmTarget(electronPlatformName: string, arch: Arch): NpmTarget {
  const os = electronPlatformName === 'mas' ? 'darwin' : electronPlatformName
  const cpus: Record<Arch, string[]> = {
    [Arch.ia32]: ['ia32'],
    [Arch.x64]: ['x64'],
    [Arch.armv7l]: ['arm'],
    [Arch.arm64]: ['arm64'],
    // A universal macOS app is both slices, merged: it needs the binaries of each.
    [Arch.universal]: ['x64', 'arm64'],
  }
  return { os, cpus: cpus[arch] }
}

/** npm's os/cpu/libc field: a list of names, where '!name' excludes one. */
function allows(field: string[] | undefined, value: string): boolean {
  if (field === undefined) return true
  if (field.includes(`!${value}`)) return false
  const named = field.filter((entry) => !entry.startsWith('!'))
  return named.length === 0 || named.includes(value)
}

/**
 * The lockfile paths (node_modules/...) of the production packages that npm would install for
 * this target and that exist only for some platforms. Electron on Linux is glibc, so packages
 * for musl only are not needed there.
 */
export function platformPackagesFor(lock: Lockfile, target: NpmTarget): string[] {
  const needed: string[] = []
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '' || entry.dev === true) continue
    if (entry.os === undefined && entry.cpu === undefined) continue
    if (!allows(entry.os, target.os)) continue
    if (target.os === 'linux' && !allows(entry.libc, 'glibc')) continue
    for (const cpu of target.cpus) if (allows(entry.cpu, cpu)) needed.push(path)
  }
  return [...new Set(needed)].sort()
}

/** Of the packages this target needs, those missing from the project's node_modules. */
export function missingPlatformPackages(projectDir: string, target: NpmTarget): string[] {
  const lock = JSON.parse(readFileSync(join(projectDir, 'package-lock.json'), 'utf8')) as Lockfile
  return platformPackagesFor(lock, target).filter(
    (path) => !existsSync(join(projectDir, path, 'package.json')),
  )
}

export function describeMissing(target: NpmTarget, missing: string[]): string {
  const name = `${target.os} ${target.cpus.join(' + ')}`
  return [
    `Cannot package for ${name}: node_modules lacks the prebuilt binaries that target loads:`,
    ...missing.map((path) => `  ${path.replace(/^.*node_modules\//, '')}`),
    'npm installs only the binaries of the machine it runs on.',
    `Build this package on a ${name} machine, after \`npm ci\` there (README, "Packaging").`,
  ].join('\n')
}
