// The local board service's public surface, for the CLI, the planner's embedded board and tests.
export { createApp } from './http/create-app'
export type { AppOptions } from './http/create-app'
export { openDatabase, schemaVersion } from './db/database'
export type { Db } from './db/database'
export { importBoard, BoardFileError } from './boards/import-board'
export { findBoardByName, loadBoardConfig } from './boards/board-config'
export { createApiKey, listApiKeys, revokeApiKey, maskKey, KeyError } from './auth/api-keys'
