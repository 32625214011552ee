// The renderer's build, one config for both ways it is built: `electron-vite build` (the desktop
// app and `npm test`) takes it as its renderer section, and `npm run web` builds the renderer
// alone with it (scripts/web.ts), skipping main and preload, which browser mode does not use.
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import type { UserConfig } from 'vite'

const root = import.meta.dirname

export const RENDERER_ROOT = resolve(root, 'src-renderer')
export const RENDERER_OUT = resolve(root, 'out/renderer')

const rendererConfig: UserConfig = {
  root: RENDERER_ROOT,
  // Relative asset paths: the desktop app serves it from app://planner, browser mode from /.
  base: './',
  resolve: { alias: { '@shared': resolve(root, 'src-shared') } },
  plugins: [react()],
  build: {
    outDir: RENDERER_OUT,
    emptyOutDir: true,
    // electron-vite leaves the renderer unminified by default: 1,044 kB against 442 kB minified
    // (docs/benchmarks.md, "Renderer bundle").
    minify: true,
    rollupOptions: {
      input: { index: resolve(RENDERER_ROOT, 'index.html') },
      // zod's sources carry comments Rollup cannot place; it drops them and says so on every
      // build. Nothing to act on, so not said.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return
        warn(warning)
      },
    },
  },
}

export default rendererConfig
