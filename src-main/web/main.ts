// `npm run web`: the planner in a browser. The same services as the Electron app, the built
// renderer and the IPC contract served on 127.0.0.1 (see web-bridge.ts; the start-up itself is
// browser-mode.ts, shared with `npm run dev:web`).
import { join } from 'node:path'
import { runBrowserMode } from './browser-mode'

runBrowserMode({
  command: 'npm run web',
  rendererRoot: join(import.meta.dirname, '../../out/renderer'),
})
