// The preload exposes a small named API to the renderer (issue B fills it from the IPC
// contract). Never ipcRenderer, never a generic invoke(channel).
import { contextBridge } from 'electron'

contextBridge.exposeInMainWorld('planner', Object.freeze({ version: '0.1.0' }))
