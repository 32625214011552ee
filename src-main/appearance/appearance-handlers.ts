// IPC handlers of the planner's look. `apply` is how the host shows a choice beyond the page:
// Electron sets nativeTheme.themeSource (so prefers-color-scheme, native menus and dialogs
// follow); browser mode has nothing to do (the page applies the choice itself).
import type { ThemeChoice } from '../../src-shared/ipc'
import type { IpcHandlers } from '../ipc/ipc-router'
import type { AppearanceStore } from './appearance-store'

type AppearanceChannels = 'appearance:get' | 'appearance:set'

export function appearanceHandlers(
  store: AppearanceStore,
  apply: (theme: ThemeChoice) => void = () => undefined,
): Pick<IpcHandlers, AppearanceChannels> {
  return {
    'appearance:get': () => store.get(),
    'appearance:set': async (appearance) => {
      const saved = await store.set(appearance)
      apply(saved.theme)
      return saved
    },
  }
}
