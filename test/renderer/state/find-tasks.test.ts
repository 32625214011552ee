// Find by key: the project key is all before the last "-<digits>". A board's keys may hold "-"
// (MY-PROJ-12), which Find could not name: it searched titles for the words instead.
import { describe, expect, it } from 'vitest'
import { findTasks } from '../../../src-renderer/state/find-tasks'
import { task } from './fixtures'

const tasks = [
  task('a', { projectKey: 'MY-PROJ', key: 12, title: 'Ship it' }),
  task('b', { projectKey: 'APP', key: 12, title: 'Mentions MY-PROJ-12 in its title' }),
  task('c', { projectKey: 'APP', key: 3, title: 'Plain' }),
]

describe('findTasks by key', () => {
  it('names a task whose project key holds "-", in any case', () => {
    expect(findTasks(tasks, 'my-proj-12')).toEqual(['a'])
    expect(findTasks(tasks, 'APP-3')).toEqual(['c'])
  })

  it('falls back to words of the title when no task has the key', () => {
    expect(findTasks(tasks, 'MY-PROJ-99')).toEqual([])
    expect(findTasks(tasks, 'plain')).toEqual(['c'])
  })
})
