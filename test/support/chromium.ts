// How every test and benchmark launches a browser: Debian's Chromium (never a downloaded one),
// headless, with the background networking that a closed network refuses switched off. Elsewhere
// (macOS, Windows, a distribution that names it chromium-browser or ships it as a snap) the
// first Chromium or Chrome found, or the one TASKBOARD_CHROMIUM names.
import { existsSync } from 'node:fs'

const KNOWN_PLACES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
]

export const CHROMIUM_PATH =
  process.env['TASKBOARD_CHROMIUM'] ??
  KNOWN_PLACES.find((path) => existsSync(path)) ??
  KNOWN_PLACES[0]!

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
