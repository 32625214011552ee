// `npm run web -- --user-data <dir>`: npm runs the script in the project's root, so a relative
// folder was read from there, not from where the user typed the command.
import { homedir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { userDataDirOf } from '../../../src-main/web/browser-mode'

describe('the browser-mode data folder', () => {
  it('reads a relative --user-data from the folder npm was run in', () => {
    const env = { INIT_CWD: '/home/ada/work', npm_lifecycle_event: 'web' }
    expect(userDataDirOf('boards', env, '/opt/planner')).toBe('/home/ada/work/boards')
    expect(userDataDirOf('../shared/boards', env, '/opt/planner')).toBe('/home/ada/shared/boards')
  })

  it('keeps an absolute one, reads from the current folder without npm, and defaults to the home folder', () => {
    expect(userDataDirOf('/data/boards', { INIT_CWD: '/home/ada' }, '/opt')).toBe('/data/boards')
    expect(userDataDirOf('boards', {}, '/opt/planner')).toBe('/opt/planner/boards')
    // Outside an npm script, an INIT_CWD left by an outer npm command names another folder.
    expect(userDataDirOf('boards', { INIT_CWD: '/elsewhere' }, '/opt/planner')).toBe(
      '/opt/planner/boards',
    )
    expect(userDataDirOf(undefined, {}, '/opt')).toBe(
      join(homedir(), '.taskboard-planner', 'browser-mode'),
    )
  })
})
