// The app-path timeline bench's page (app-path.ts): the renderer built into the bench's own
// folder, the PlannerApi stand-in bundled for the page, and both served on 127.0.0.1 with the
// board's JSON.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { build as esbuild } from 'esbuild'
import { CACHE_DIR } from './app-board'

const HERE = import.meta.dirname
const RENDERER_DIR = join(CACHE_DIR, 'renderer')

/** The renderer built into its own folder; `readable`: unminified, for CPU profiles. */
export async function buildRenderer(readable = false): Promise<void> {
  const { default: config } = await import('../../vite.renderer.config')
  const { build } = await import('vite')
  // Its own folder: out/renderer is what the e2e tests of others serve meanwhile.
  await build({
    ...config,
    logLevel: 'warn',
    build: {
      ...config.build,
      outDir: RENDERER_DIR,
      emptyOutDir: true,
      ...(readable ? { minify: false } : {}),
    },
  })
}

export async function bundleMock(): Promise<string> {
  const result = await esbuild({
    entryPoints: [join(HERE, 'page', 'app-mock.mts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

/** The built renderer and /board.json on 127.0.0.1. */
export async function serve(board: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const file =
      path === '/board.json'
        ? board
        : join(RENDERER_DIR, normalize(path === '/' ? '/index.html' : path))
    try {
      const body = readFileSync(file)
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      })
      response.end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  return { url: `http://127.0.0.1:${address.port}/`, server }
}
