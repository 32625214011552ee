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

describe('findTasks by words of the title', () => {
  it('finds a title whatever its accents or how they are written', () => {
    // "resume" missed "Résumé", and "café" typed whole missed a title stored with a combining
    // accent, as some editors and pastes give it.
    const titled = [
      task('r', { title: 'Résumé review' }),
      task('k', { title: 'Cafe\u0301 menu' }),
      task('i', { title: 'İstanbul office' }),
    ]
    expect(findTasks(titled, 'resume')).toEqual(['r'])
    expect(findTasks(titled, 'café')).toEqual(['k'])
    expect(findTasks(titled, 'istanbul')).toEqual(['i'])
  })
})
