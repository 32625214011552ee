// electron-builder.yml, read as electron-builder reads it (js-yaml), checked against the schema
// of the electron-builder version we pin, and against the hardening the app relies on: the fuses
// (issue 9) and the asar archive they protect.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import Ajv from 'ajv'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'

const root = new URL('../../', import.meta.url)
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8')

type Config = Record<string, unknown> & {
  electronFuses?: Record<string, unknown>
  directories?: { buildResources?: string }
  asarUnpack?: string[]
}
const config = load(read('electron-builder.yml')) as Config
const packageJson = JSON.parse(read('package.json')) as {
  build?: unknown
  desktopName?: string
  scripts: Record<string, string>
  dependencies: Record<string, string>
}

/** The schema shipped by the app-builder-lib that our electron-builder uses. */
function electronBuilderSchema(): object {
  const fromElectronBuilder = createRequire(
    createRequire(import.meta.url).resolve('electron-builder/package.json'),
  )
  return JSON.parse(
    readFileSync(fromElectronBuilder.resolve('app-builder-lib/scheme.json'), 'utf8'),
  )
}

describe('electron-builder.yml', () => {
  // electron-builder validates with ajv too, but coerces types; here a wrong type fails.
  const validate = new Ajv({ allErrors: true, strict: false }).compile(electronBuilderSchema())

  it('matches electron-builder’s schema', () => {
    const valid = validate(config)
    expect(validate.errors ?? [], 'schema errors').toEqual([])
    expect(valid).toBe(true)
  })

  it('is checked by a schema that refuses what electron-builder refuses', () => {
    expect(validate({ ...config, electronFusez: {} })).toBe(false)
    expect(validate({ ...config, electronFuses: { runAsNode: 'no' } })).toBe(false)
  })

  it('is the only configuration: package.json has no "build" key, which would replace it', () => {
    expect(packageJson.build).toBeUndefined()
  })

  it('names the app', () => {
    expect(config['appId']).toBe('io.taskboard.planner')
    expect(config['productName']).toBe('Taskboard Planner')
  })

  it('names the Linux .desktop file as Electron names the window, so docks link the two', () => {
    // Electron takes package.json's desktopName as the window's WM_CLASS / app_id; without it
    // the window was "taskboard-planner" and the launcher's StartupWMClass "Taskboard Planner".
    expect(packageJson.desktopName).toBe('taskboard-planner.desktop')
    expect((config['linux'] as { syncDesktopName?: boolean }).syncDesktopName).toBe(true)
  })
})

describe('the Electron fuses', () => {
  // Each one closes a way to run code the package was not signed with, or to read its secrets.
  const required: [fuse: string, value: boolean, why: string][] = [
    ['runAsNode', false, 'ELECTRON_RUN_AS_NODE makes the app binary a plain Node'],
    ['enableNodeOptionsEnvironmentVariable', false, 'NODE_OPTIONS can inject code'],
    ['enableNodeCliInspectArguments', false, '--inspect opens a debugger into main'],
    ['enableCookieEncryption', true, 'cookies are encrypted at rest'],
    ['enableEmbeddedAsarIntegrityValidation', true, 'app.asar is checked against its hash'],
    ['onlyLoadAppFromAsar', true, 'no app/ folder beside app.asar is loaded instead'],
    ['grantFileProtocolExtraPrivileges', false, 'the renderer is served from app://'],
  ]

  it.each(required)('%s is %s (%s)', (fuse, value) => {
    expect(config.electronFuses?.[fuse]).toBe(value)
  })

  it('protect an asar archive whose integrity is recorded', () => {
    for (const section of [config, config['mac'], config['win'], config['linux']] as Config[])
      expect(section?.['asar']).not.toBe(false)
    expect(config['asar']).toBe(true)
    expect(config['disableAsarIntegrity']).not.toBe(true)
  })
})

describe('what goes into the package', () => {
  it('unpacks native binaries, libsql’s SQLite among them, from asar', () => {
    expect(config.asarUnpack).toEqual(
      expect.arrayContaining(['**/*.node', 'node_modules/@libsql/*/**']),
    )
  })

  it('ships npm’s N-API binaries as they are, checked per target before packing', () => {
    expect(config['npmRebuild']).toBe(false)
    const hook = config['beforePack'] as string
    expect(existsSync(new URL(hook, root))).toBe(true)
  })

  it('has the icons each platform names', () => {
    const icons = [
      (config['linux'] as Config)['icon'],
      (config['mac'] as Config)['icon'],
      (config['win'] as Config)['icon'],
    ] as string[]
    for (const icon of icons) expect(existsSync(new URL(icon, root)), icon).toBe(true)
    expect(config.directories?.buildResources).toBe('build')
  })

  it('npm run dist builds, then packages without publishing', () => {
    expect(packageJson.scripts['dist']).toBe(
      'electron-vite build && electron-builder --publish never',
    )
  })
})
