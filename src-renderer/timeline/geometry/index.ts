// The timeline's pure geometry: dates to pixels, rows, arrows, windows. No DOM, no React, no
// chart library, so it runs (and is tested) in Node as well as in the renderer.
export * from '../../../src-shared/schedule/days'
export * from './time-scale'
export * from './task-extent'
export * from './row-layout'
export * from '../../../src-shared/schedule/rule'
export * from './dependency-geometry'
export * from './visible-window'
export * from './row-order'
export * from './navigation'
export * from './row-update'
