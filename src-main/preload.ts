// The preload exposes `window.planner`: one named function per IPC channel and one subscription
// per event, generated from the contract. Never ipcRenderer, never a generic invoke(channel);
// event listeners receive the payload only, never Electron's event object.
import { contextBridge, ipcRenderer } from 'electron'
import { buildPlannerApi } from '../src-shared/ipc/planner-api'

const api = buildPlannerApi(
  (channel, request) => ipcRenderer.invoke(channel, request),
  (event, listener) => {
    const forward = (_event: unknown, payload: unknown) => listener(payload)
    ipcRenderer.on(event, forward)
    return () => {
      ipcRenderer.removeListener(event, forward)
    }
  },
)

contextBridge.exposeInMainWorld('planner', api)
