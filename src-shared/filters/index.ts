export * from './filter-board'
export * from './property-filter'
export * from './saved-view'
export * from './task-matches'
