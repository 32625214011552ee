// In production the renderer is served from `app://planner/`, not file://: a real origin for the
// CSP and the sender checks, and no access to the rest of the file system.
import { extname, join, normalize, sep } from 'node:path'

export const APP_SCHEME = 'app'
export const APP_HOST = 'planner'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

export function contentType(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * The file under `root` that a request URL names, or undefined when it names another host or
 * escapes the root. `/` is index.html.
 */
export function resolveAppFile(
  root: string,
  requestUrl: string,
  host: string = APP_HOST,
): string | undefined {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return undefined
  }
  if (url.host !== host) return undefined
  let path: string
  try {
    path = decodeURIComponent(url.pathname)
  } catch {
    return undefined
  }
  if (path.includes('\0')) return undefined
  const file = normalize(join(root, path === '/' ? 'index.html' : path))
  return file.startsWith(normalize(root) + sep) ? file : undefined
}
