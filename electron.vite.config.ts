import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import rendererConfig from './vite.renderer.config'

const root = import.meta.dirname
const alias = { '@shared': resolve(root, 'src-shared') }

export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(root, 'src-main/index.ts'),
          // The local board's worker thread, loaded by file name from beside index.js
          // (src-main/local-board/local-board.ts).
          'local-board-worker': resolve(root, 'src-main/local-board/local-board-worker.ts'),
          // The board's description converter threads, started by the board's worker by file
          // name from beside it (src-server/description/pool.ts).
          'convert-worker': resolve(root, 'src-server/description/convert-worker.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      // Sandboxed preloads cannot be ES modules: emit CommonJS whatever package.json says.
      rollupOptions: {
        input: { index: resolve(root, 'src-main/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: rendererConfig,
})
