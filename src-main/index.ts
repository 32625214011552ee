// The Electron entry, kept thin: protocol, guards, window, and the IPC wiring. Every service
// behind it is plain Node (services/planner-services.ts), shared with browser mode.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  nativeTheme,
  protocol,
  safeStorage,
  session,
  shell,
} from 'electron'
import { registerIpc, sendEvent } from './ipc/electron-ipc'
import { DataDirLockedError, lockDataDir } from './web/data-dir-lock'
import { createIpcRouter } from './ipc/ipc-router'
import { KeyringSecretStore } from './secrets/keyring-secret-store'
import {
  chooseDesktopSecretStore,
  SafeStorageSecretStore,
} from './secrets/safe-storage-secret-store'
import { secretServiceName } from './secrets/secret-store'
import { createPlannerServices } from './services/planner-services'
import type { PlannerServices } from './services/planner-services'
import { APP_ORIGIN, APP_SCHEME, contentType, resolveAppFile } from './window/app-protocol'
import { CONTENT_SECURITY_POLICY } from './window/content-security-policy'
import { devRendererUrl, refusedSwitch } from './window/dev-renderer'
import { allowOwnDownloads, denyAllPermissions, guardContents } from './window/security-guards'
import { bringToFront, claimSingleInstance } from './window/single-instance'
import { mainWindowOptions } from './window/window-options'

const rendererRoot = join(import.meta.dirname, '../renderer')
const devServerUrl = devRendererUrl(process.env, app.isPackaged)
const appOrigins = [APP_ORIGIN, ...(devServerUrl ? [new URL(devServerUrl).origin] : [])]
const guardDeps = { appOrigins, openExternal: (url: string) => void shell.openExternal(url) }

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
])
app.on('web-contents-created', (_event, contents) => guardContents(contents, guardDeps))

let mainWindow: BrowserWindow | undefined
let services: PlannerServices | undefined

function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow(
    mainWindowOptions(join(import.meta.dirname, '../preload/index.cjs')),
  )
  window.once('ready-to-show', () => window.show())
  void window.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`)
  return window
}

async function start(): Promise<void> {
  denyAllPermissions(session.defaultSession)
  allowOwnDownloads(session.defaultSession, appOrigins)
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
      },
    })
  })
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(rendererRoot, request.url)
    if (!file) return new Response('Not found', { status: 404 })
    try {
      return new Response(await readFile(file), {
        headers: {
          'content-type': contentType(file),
          'content-security-policy': CONTENT_SECURITY_POLICY,
        },
      })
    } catch {
      return new Response('Not found', { status: 404 })
    }
  })
  const userDataDir = app.getPath('userData')
  // The same lock browser mode takes: `npm run web -- --user-data <this folder>` while the app
  // runs would otherwise write the same boards, views and journal from two processes.
  try {
    const lock = lockDataDir(userDataDir)
    app.once('quit', () => lock.release())
  } catch (error) {
    // Held by another planner, or the folder cannot be written at all: said, not a window
    // that never opens.
    const held = error instanceof DataDirLockedError
    dialog.showErrorBox(
      held ? 'Taskboard Planner is already open' : 'Taskboard Planner cannot start',
      held ? error.message : `The data folder ${userDataDir} cannot be used: ${String(error)}`,
    )
    app.exit(1)
    return
  }
  const secretStore = await chooseDesktopSecretStore(
    new KeyringSecretStore(secretServiceName(app.isPackaged)),
    new SafeStorageSecretStore(safeStorage, join(userDataDir, 'keys.safe-storage.json')),
    (message) => console.warn(message),
  )
  services = await createPlannerServices({
    userDataDir,
    secretStore,
    emit: (name, payload) => sendEvent(mainWindow?.webContents, name, payload),
    // The page's prefers-color-scheme, native menus and dialogs follow the user's choice.
    applyTheme: (theme) => {
      nativeTheme.themeSource = theme
    },
  })
  nativeTheme.themeSource = (await services.appearance.get()).theme
  registerIpc(ipcMain, createIpcRouter(services.handlers), {
    webContentsId: () => mainWindow?.webContents.id,
    origins: appOrigins,
  })
  mainWindow = createMainWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createMainWindow()
  })
}

// A packaged app started for remote debugging would hand its page, and the boards' keys behind
// its IPC, to whatever connects: it does not start.
const debugging = refusedSwitch((name) => app.commandLine.hasSwitch(name), app.isPackaged)
if (debugging) {
  console.error(`Taskboard Planner does not run with --${debugging}.`)
  app.exit(1)
}

// One planner per user-data folder: a second launch quits, and this one comes to the front.
const isPrimary = claimSingleInstance(app, () => {
  // Still starting (or quitting): the window shows itself when it is ready.
  if (!services) return
  if (!bringToFront(mainWindow)) mainWindow = createMainWindow()
})
if (isPrimary && !debugging) {
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      // A start that failed (the database's native module, the local board's worker) left a
      // process with no window holding the single-instance lock: every later launch did nothing.
      dialog.showErrorBox(
        'Taskboard Planner cannot start',
        error instanceof Error ? error.message : String(error),
      )
      app.exit(1)
    })
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

app.on('will-quit', (event) => {
  if (!services) return
  event.preventDefault()
  const closing = services
  services = undefined
  void closing.close().finally(() => app.quit())
})
