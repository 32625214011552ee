// `npm start`: the planner as a desktop window. Electron's own binary is downloaded the first
// time it is needed; where that cannot happen (no network to GitHub, a locked-down machine) this
// says so in one sentence and names `npm run web`, which runs the same planner in a browser.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const electronDir = dirname(require.resolve('electron/package.json'))
const pathFile = join(electronDir, 'path.txt')
const installed =
  existsSync(pathFile) && existsSync(join(electronDir, 'dist', readFileSync(pathFile, 'utf8')))

if (!installed) {
  console.log("Downloading Electron's binary (first run only)…")
  const download = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    encoding: 'utf8',
  })
  if (download.status !== 0) {
    const output = `${download.stderr}\n${download.stdout}`
    const cause =
      /(getaddrinfo \S+ \S+|connect \S+ [\d.:]+|fetch failed|HTTPError[^\n]*|ETIMEDOUT|EACCES[^\n]*)/.exec(
        output,
      )?.[1] ?? 'see `node node_modules/electron/install.js`'
    console.error(
      `npm start needs Electron's own binary, which could not be downloaded here (${cause}); \`npm run web\` runs the same planner in your browser.`,
    )
    process.exit(1)
  }
}
// electron-vite's own script run by this Node: `npx` is `npx.cmd` on Windows, which spawn cannot
// start without a shell.
const electronVite = join(
  dirname(require.resolve('electron-vite/package.json')),
  'bin',
  'electron-vite.js',
)
const child = spawn(process.execPath, [electronVite, 'preview', ...process.argv.slice(2)], {
  stdio: 'inherit',
})
child.on('error', (error) => {
  console.error(`npm start could not start electron-vite: ${error.message}`)
  process.exit(1)
})
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)))
