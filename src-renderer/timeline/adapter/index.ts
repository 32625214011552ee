// The timeline's chart layer. The only module of the app that knows frappe-gantt is here.
export { TimelineAdapter } from './timeline-adapter'
export { FLASH_MS } from './bar-focus'
export type {
  AdapterBar,
  AdapterBarKind,
  AdapterLink,
  AdapterScale,
  BarKey,
  ClickModifiers,
  DragResult,
  GhostBar,
  RenderInput,
  SpanSelection,
  TimelineAdapterOptions,
} from './types'
