// Starts a worker thread on a module of ours, from the build (JavaScript) or from source
// (TypeScript, under tsx or vitest).
import { Worker } from 'node:worker_threads'

export function startWorker(file: URL, workerData: unknown): Worker {
  if (!file.pathname.endsWith('.ts')) return new Worker(file, { workerData })
  // Node 20 cannot load TypeScript, and a worker does not inherit the loader hooks that tsx or
  // vitest installed in this thread: tsx's tsImport compiles the worker's module graph there.
  const tsx = import.meta.resolve('tsx/esm/api')
  const code = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(file.href)}, ${JSON.stringify(file.href)}))`
  return new Worker(code, { eval: true, workerData })
}
