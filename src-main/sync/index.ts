// The board sync engine: plain Node code, no Electron (README.md beside this file explains it).
export { syncBoard } from './sync-board'
export type { BoardReader, SyncOptions, SyncResult, SyncStep } from './sync-board'
export type { KnownValues } from './board-knowledge'
export { plainStrategy } from './plain-strategy'
export { smartStrategy } from './smart-strategy'
export type { Strategy } from './strategy'
