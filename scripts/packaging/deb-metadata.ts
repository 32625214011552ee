// A .deb names its maintainer (with an email) and the project's web page, and electron-builder
// refuses to build one without them ("Please specify project homepage", "Please specify author
// 'email'"), but only once the app is packed, after the Electron download. This says so before.

/** The package.json fields electron-builder takes them from (after its extraMetadata). */
export interface PackageMetadata {
  homepage?: string | null
  /** electron-builder also takes the web page from a GitHub repository. */
  repository?: string | { url?: string | null } | null
  author?: { name?: string | null; email?: string | null } | null
}

export function debMetadataProblems(
  metadata: PackageMetadata,
  maintainer?: string | null,
): string[] {
  const problems: string[] = []
  if (!metadata.homepage && !metadata.repository)
    problems.push('package.json has no "homepage" (the project\'s web page)')
  if (!maintainer && !metadata.author?.email)
    problems.push('package.json has no "author" with a name and an "email" (the maintainer)')
  return problems
}

export function describeDebProblems(problems: string[]): string {
  return [
    'Cannot build the .deb:',
    ...problems.map((problem) => `  ${problem}`),
    'Fill them in package.json, or give them for one build (README, "Packaging"):',
    '  npm run dist -- --linux -c.extraMetadata.homepage=<url> \\',
    '    -c.extraMetadata.author.name=<name> -c.extraMetadata.author.email=<email>',
  ].join('\n')
}
