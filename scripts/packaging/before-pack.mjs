// electron-builder's beforePack hook (electron-builder.yml). electron-builder loads hooks as
// plain JavaScript; the checks are TypeScript (before-pack-checks.ts), loaded through tsx.
import { tsImport } from 'tsx/esm/api'

export default async function beforePack(context) {
  const { checkBeforePack } = await tsImport('./before-pack-checks.ts', import.meta.url)
  checkBeforePack(context)
}
