// Pure scheduling logic shared by the renderer, main and the board service.
export { loopPath } from './dependency-loop'
export type { DependencyEnds } from './dependency-loop'
