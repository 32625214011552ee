// The planner window's settings, kept apart from Electron so a test can hold them to the rules:
// isolated, sandboxed, no node, web security on, no webview.
export interface MainWindowOptions {
  width: number
  height: number
  show: boolean
  webPreferences: {
    preload: string
    contextIsolation: true
    sandbox: true
    nodeIntegration: false
    nodeIntegrationInWorker: false
    webSecurity: true
    webviewTag: false
    allowRunningInsecureContent: false
    spellcheck: boolean
  }
}

export function mainWindowOptions(preloadPath: string): MainWindowOptions {
  return {
    width: 1280,
    height: 800,
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      spellcheck: true,
    },
  }
}
