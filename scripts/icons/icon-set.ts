// What build/ holds for electron-builder, per platform, all drawn from build/icon.svg by
// scripts/make-icons.ts. The test in test/build/icons.test.ts checks the committed files
// against this list.

/** Linux: a hicolor PNG set, build/icons/<n>x<n>.png (electron-builder's linux.icon folder). */
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512] as const

/** Windows: one .ico; 256 is required by electron-builder, the rest are the shell's sizes. */
export const ICO_SIZES = [16, 20, 24, 32, 40, 48, 64, 256] as const

export const SOURCE = 'icon.svg'
export const ICO_FILE = 'icon.ico'
export const ICNS_FILE = 'icon.icns'
export const LINUX_DIR = 'icons'
/** Records the SVG's and every output's sha-256, so a test can tell a stale or edited icon. */
export const MANIFEST = 'icons.json'

export const linuxFile = (size: number): string => `${LINUX_DIR}/${size}x${size}.png`

/**
 * The SVG is drawn on Apple's 1024 grid: the tile is 824 px with a 100 px margin, as macOS
 * expects (its Dock draws no frame of its own). Windows and Linux draw icons edge to edge, so
 * for them the margin is cropped away and the tile fills the square.
 */
export const APPLE_CANVAS = '0 0 1024 1024'
export const TILE = '100 100 824 824'
