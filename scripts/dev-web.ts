// `npm run dev:web`: browser mode for people changing the renderer. The same planner as
// `npm run web` (same arguments, same services, same bridge with its token and Host check), but
// the renderer is served from its sources by a Vite dev server inside the bridge, with hot module
// reload (React Fast Refresh): an edit under src-renderer/ or src-shared/ shows without a reload.
// Nothing is built. Vite is imported here only, never by src-main: the bridge takes the dev
// server as an option (src-main/web/web-bridge.ts, `dev`).
import { createServer } from 'vite'
import rendererConfig, { RENDERER_ROOT } from '../vite.renderer.config'
import { runBrowserMode } from '../src-main/web/browser-mode'

console.log('Dev mode: the renderer from its sources, with hot reload (Vite).')

runBrowserMode({
  command: 'npm run dev:web',
  rendererRoot: RENDERER_ROOT,
  dev: (hmrServer) =>
    createServer({
      ...rendererConfig,
      // The renderer's config is passed whole; no vite.config file is looked for.
      configFile: false,
      // The page is at the bridge's root (the build's relative './' is for app://planner).
      base: '/',
      // The bridge serves index.html itself (with its token) and routes the rest here.
      appType: 'custom',
      // The bridge's lines ("… at <url>") stay on screen when Vite logs an update.
      clearScreen: false,
      server: {
        middlewareMode: true,
        // The HMR WebSocket on the bridge's own port, behind its Host check.
        hmr: { server: hmrServer },
        // Same origin only: the page is the bridge's, no other origin needs the sources.
        cors: false,
      },
    }),
})
