// How every test and benchmark launches a browser: Debian's Chromium (never a downloaded one),
// headless, with the background networking that a closed network refuses switched off.
export const CHROMIUM_PATH = '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
