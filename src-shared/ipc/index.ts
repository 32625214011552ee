export * from './board-snapshot'
export * from './channel-names'
export * from './contract'
export * from './planner-api'
