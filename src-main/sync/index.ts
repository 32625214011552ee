// The board sync engine: plain Node code, no Electron (see plan.ts for the algorithm).
export { syncBoard } from './sync-board'
export type { BoardReader, SyncOptions, SyncResult, SyncStep } from './sync-board'
export type { KnownValues } from './known-values'
