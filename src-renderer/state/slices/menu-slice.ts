// The context menu that is open, if any: where, and on what (a task's bar or row, or an arrow).
import type { SliceCreator } from '../store'

export type MenuTarget =
  { kind: 'task'; taskId: string } | { kind: 'dependency'; dependencyId: string }

export interface MenuSlice {
  contextMenu: { x: number; y: number; target: MenuTarget } | null
  openContextMenu(x: number, y: number, target: MenuTarget): void
  closeContextMenu(): void
}

export const createMenuSlice: SliceCreator<MenuSlice> = (set) => ({
  contextMenu: null,
  openContextMenu: (x, y, target) => set({ contextMenu: { x, y, target } }),
  closeContextMenu: () => set({ contextMenu: null }),
})
