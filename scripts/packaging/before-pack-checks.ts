// electron-builder's beforePack hook (through before-pack.mjs): runs for each platform
// and arch before the Electron download, and stops a build that could only fail later or, worse,
// produce a package that cannot start.
import type { Arch, Configuration } from 'electron-builder'
import { debMetadataProblems, describeDebProblems } from './deb-metadata'
import type { PackageMetadata } from './deb-metadata'
import { describeMissing, missingPlatformPackages, npmTarget } from './native-packages'

/** What the checks read of electron-builder's BeforePackContext. */
export interface PackContext {
  electronPlatformName: string
  arch: Arch
  targets: readonly { name: string }[]
  packager: {
    projectDir: string
    config: Pick<Configuration, 'linux' | 'deb'>
    info: { metadata: PackageMetadata }
  }
}

export function checkBeforePack(context: PackContext): void {
  const target = npmTarget(context.electronPlatformName, context.arch)
  const missing = missingPlatformPackages(context.packager.projectDir, target)
  if (missing.length > 0) throw new Error(describeMissing(target, missing))
  console.log(
    `  • native packages for ${target.os} ${target.cpus.join(' + ')}: all in node_modules`,
  )

  if (context.targets.some((t) => t.name === 'deb')) {
    const { deb, linux } = context.packager.config
    const maintainer = deb?.maintainer ?? linux?.maintainer
    const problems = debMetadataProblems(context.packager.info.metadata, maintainer)
    if (problems.length > 0) throw new Error(describeDebProblems(problems))
  }
}
