// Channel and event names without their schemas: what the preload needs. A sandboxed preload
// cannot load packages at run time, so this module imports nothing but types.
import type { Channel, EventName } from './contract'

/** The renderer-facing method of each channel: `planner.calls.boardSync()` and so on. */
export const CHANNEL_METHODS = {
  'boards:list': 'boardsList',
  'boards:add': 'boardsAdd',
  'boards:update': 'boardsUpdate',
  'boards:remove': 'boardsRemove',
  'boards:select': 'boardsSelect',
  'boards:test': 'boardsTest',
  'boards:setLists': 'boardsSetLists',
  'boards:setPlanning': 'boardsSetPlanning',
  'board:sync': 'boardSync',
  'tasks:create': 'tasksCreate',
  'tasks:update': 'tasksUpdate',
  'tasks:check': 'tasksCheck',
  'deps:create': 'depsCreate',
  'deps:delete': 'depsDelete',
  'deps:between': 'depsBetween',
  'edits:pending': 'editsPending',
  'edits:retry': 'editsRetry',
  'edits:discard': 'editsDiscard',
  'edits:resolve': 'editsResolve',
  'views:list': 'viewsList',
  'views:save': 'viewsSave',
  'views:delete': 'viewsDelete',
  'baselines:list': 'baselinesList',
  'baselines:get': 'baselinesGet',
  'baselines:save': 'baselinesSave',
  'baselines:delete': 'baselinesDelete',
  'appearance:get': 'appearanceGet',
  'appearance:set': 'appearanceSet',
} as const satisfies Record<Channel, string>

export const EVENT_NAMES = [
  'sync:progress',
  'edits:changed',
] as const satisfies readonly EventName[]
