// The planner's look, kept by main in the user-data folder (browser mode's page origin changes
// with its port at every launch, so the renderer's localStorage would forget it).
import { z } from 'zod'

/** System follows the OS (prefers-color-scheme; Electron's nativeTheme); the others fix it. */
export const ThemeChoice = z.enum(['system', 'light', 'dark'])
export type ThemeChoice = z.infer<typeof ThemeChoice>

export const Appearance = z.strictObject({ theme: ThemeChoice })
export type Appearance = z.infer<typeof Appearance>
