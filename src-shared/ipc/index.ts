export * from './board-snapshot'
export * from './contract'
