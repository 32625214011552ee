// The timeline's chart layer. The only module of the app that knows frappe-gantt is here.
export { TimelineAdapter } from './timeline-adapter'
export type { TimelineAdapterOptions } from './timeline-adapter'
export type { BarKey } from './adapter-events'
export { FLASH_MS } from './bar-focus'
export type {
  AdapterBar,
  AdapterBarKind,
  AdapterLink,
  AdapterScale,
  ClickModifiers,
  DragResult,
  GhostBar,
  RenderInput,
  SpanSelection,
} from './types'
