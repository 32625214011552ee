// Malformed and refused requests: each one gets the right 4xx, the spec's error shape, a message
// that names what to fix, and leaves the database exactly as it was (batches are all-or-nothing).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { InjectOptions } from 'fastify'
import { createApiKey, revokeApiKey } from '../../src-server'
import { SERVICE_LIMITS } from '../../src-shared/api'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'

/** Ids of the tasks seeded before every case. */
interface Seeded {
  /** WEB-1, a task with tags, properties and a subtask. */
  parent: string
  /** WEB-2, the subtask of WEB-1. */
  child: string
  /** APP-1, a plain task; it depends on WEB-1. */
  other: string
  /** OPS-1, a milestone. */
  milestone: string
  /** The dependency WEB-1 -> APP-1. */
  dependency: string
}

interface BadRequest {
  method: InjectOptions['method']
  url: string
  /** A string is sent raw; anything else as JSON. */
  body?: unknown
  /** Replace default headers; undefined removes one. */
  headers?: Record<string, string | undefined>
}

interface Case {
  name: string
  /** Runs before the fingerprint is taken; returns extra headers (e.g. another key). */
  setup?: (service: TestService) => Record<string, string | undefined> | void
  request: (ids: Seeded) => BadRequest
  status: 400 | 401 | 404 | 405 | 409 | 413 | 415
  /** `true` for `{error: true}`; a string for the dependency-create code. */
  error: true | string
  message: RegExp
}

const TASKS = '/api/v1/tasks'
const DEPENDENCIES = '/api/v1/dependencies'

/** A valid create item; cases spread it and break one thing. */
const newTask = (overrides: Record<string, unknown> = {}) => ({
  title: 'A new task',
  projectKey: 'WEB',
  descriptionType: 'text',
  descriptionContent: '',
  ...overrides,
})

/** `depth` tasks, each the only subtask of the one before. */
function nestedSubtasks(depth: number): Record<string, unknown> {
  let task: Record<string, unknown> = newTask({ title: `level ${depth}` })
  for (let level = depth - 1; level >= 1; level--) {
    task = newTask({ title: `level ${level}`, subtasks: [task] })
  }
  return task
}

const cases: Case[] = [
  // Transport: body encoding, size and content type.
  {
    name: 'body that is not valid JSON',
    request: () => ({ method: 'POST', url: TASKS, body: '{"tasks": [{"title": "x",' }),
    status: 400,
    error: true,
    message: /not valid JSON/,
  },
  {
    name: 'empty body with a JSON content type',
    request: () => ({ method: 'POST', url: TASKS, body: '' }),
    status: 400,
    error: true,
    message: /body is empty/,
  },
  {
    name: 'JSON null as the body',
    request: () => ({ method: 'PATCH', url: TASKS, body: 'null' }),
    status: 400,
    error: true,
    message: /^The body is null; send a JSON object\.$/,
  },
  {
    name: 'JSON null as the body of a dependency create (code shape)',
    request: () => ({ method: 'POST', url: DEPENDENCIES, body: 'null' }),
    status: 400,
    error: 'INVALID_REQUEST',
    message: /^The body is null; send a JSON object\.$/,
  },
  {
    name: 'JSON null as the body of a dependency delete',
    request: () => ({ method: 'DELETE', url: DEPENDENCIES, body: 'null' }),
    status: 400,
    error: true,
    message: /^The body is null; send a JSON object\.$/,
  },
  {
    name: 'a JSON array as the body',
    request: () => ({ method: 'POST', url: TASKS, body: '[{"title":"x"}]' }),
    status: 400,
    error: true,
    message: /^The body is an array; send a JSON object\.$/,
  },
  {
    name: 'a JSON string as the body',
    request: () => ({ method: 'POST', url: TASKS, body: '"tasks"' }),
    status: 400,
    error: true,
    message: /^The body is a string; send a JSON object\.$/,
  },
  {
    name: 'text/plain content type',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: JSON.stringify({ tasks: [newTask()] }),
      headers: { 'content-type': 'text/plain' },
    }),
    status: 415,
    error: true,
    message: /Content-Type: application\/json/,
  },
  {
    name: 'text/plain content type on dependency create (code shape)',
    request: (ids) => ({
      method: 'POST',
      url: DEPENDENCIES,
      body: JSON.stringify({ predecessorId: ids.other, successorId: ids.child }),
      headers: { 'content-type': 'text/plain' },
    }),
    status: 415,
    error: 'UNSUPPORTED_MEDIA_TYPE',
    message: /Content-Type: application\/json/,
  },
  {
    // Labelled br but sent plain, it was stored as if the label were not there.
    name: 'a body sent with a content coding',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: JSON.stringify({ tasks: [newTask()] }),
      headers: { 'content-type': 'application/json', 'content-encoding': 'br' },
    }),
    status: 415,
    error: true,
    message: /Content-Encoding br is not read/,
  },
  {
    name: 'body over the 4 MiB limit',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: JSON.stringify({ tasks: [newTask({ descriptionContent: 'x'.repeat(5_000_000) })] }),
    }),
    status: 413,
    error: true,
    message: new RegExp(`larger than ${SERVICE_LIMITS.bodyBytes} bytes; split the batch`),
  },
  {
    name: 'body over the 4 MiB limit on dependency create (code shape)',
    request: (ids) => ({
      method: 'POST',
      url: DEPENDENCIES,
      body: JSON.stringify({
        predecessorId: ids.other,
        successorId: ids.child,
        pad: 'x'.repeat(5e6),
      }),
    }),
    status: 413,
    error: 'PAYLOAD_TOO_LARGE',
    message: /larger than \d+ bytes/,
  },
  {
    name: '__proto__ key in the body',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: '{"tasks": [], "__proto__": {"polluted": true}}',
    }),
    status: 400,
    error: true,
    message: /not valid JSON.*__proto__/,
  },

  // Authentication.
  {
    name: 'missing Authorization header',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: { tasks: [newTask()] },
      headers: { authorization: undefined },
    }),
    status: 401,
    error: true,
    message: /Missing Authorization header.*Bearer/,
  },
  {
    name: 'malformed Authorization header',
    request: () => ({
      method: 'GET',
      url: TASKS,
      headers: { authorization: 'Token abc' },
    }),
    status: 401,
    error: true,
    message: /Malformed Authorization header.*Bearer <API key>/,
  },
  {
    name: 'unknown API key',
    request: () => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ projectKey: 'WEB', key: 1, title: 'stolen' }] },
      headers: { authorization: `Bearer tb_AAAAAAAAAAAA_${'A'.repeat(43)}` },
    }),
    status: 401,
    error: true,
    message: /API key is not valid/,
  },
  {
    name: 'revoked API key',
    setup: (service) => {
      const { id, key } = createApiKey(service.db, service.boardId, 'olivia.owner@example.com')
      revokeApiKey(service.db, id)
      return { authorization: `Bearer ${key}` }
    },
    request: () => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ projectKey: 'WEB', key: 1, title: 'after revocation' }] },
    }),
    status: 401,
    error: true,
    message: /revoked; generate a new one/,
  },
  {
    name: 'missing Authorization on dependency create (code shape)',
    request: (ids) => ({
      method: 'POST',
      url: DEPENDENCIES,
      body: { predecessorId: ids.other, successorId: ids.child },
      headers: { authorization: undefined },
    }),
    status: 401,
    error: 'UNAUTHORIZED',
    message: /Missing Authorization header/,
  },

  // The router decodes the path, so this is dependency create too, and it must answer in codes
  // (it answered `error: true`: the shape was chosen from the raw path).
  {
    name: 'dependency create through a percent-encoded path (code shape)',
    request: () => ({
      method: 'POST',
      url: '/api/v1/%64ependencies',
      body: { predecessorId: 'no-such-task', successorId: 'no-such-task-either' },
    }),
    status: 404,
    error: 'TASKS_NOT_FOUND',
    message: /Not found on this board/,
  },
  {
    name: 'missing Authorization on a percent-encoded dependency create (code shape)',
    request: (ids) => ({
      method: 'POST',
      url: '/api/v1/dependenci%65s?x=1',
      body: { predecessorId: ids.other, successorId: ids.child },
      headers: { authorization: undefined },
    }),
    status: 401,
    error: 'UNAUTHORIZED',
    message: /Missing Authorization header/,
  },

  // Schema: types, unknown and missing fields, lengths, batch sizes.
  {
    name: 'title of the wrong type',
    request: () => ({ method: 'POST', url: TASKS, body: { tasks: [newTask({ title: 123 })] } }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.title: .*string/,
  },
  {
    name: 'tasks that is not an array',
    request: () => ({ method: 'PATCH', url: TASKS, body: { tasks: { id: 'x' } } }),
    status: 400,
    error: true,
    message: /tasks: .*array/,
  },
  {
    name: 'empty batch',
    request: () => ({ method: 'PATCH', url: TASKS, body: { tasks: [] } }),
    status: 400,
    error: true,
    message: /tasks: must hold at least one task/,
  },
  // The write endpoints take no query parameters: a client that puts a field there (a lag, a
  // dry run) must hear so, not have it dropped while the write goes ahead without it.
  {
    name: 'query parameter on task create',
    request: () => ({ method: 'POST', url: `${TASKS}?dryRun=true`, body: { tasks: [newTask()] } }),
    status: 400,
    error: true,
    message: /POST \/api\/v1\/tasks takes no query parameters \(it has "dryRun"\)/,
  },
  {
    name: 'query parameter on task update',
    request: (ids) => ({
      method: 'PATCH',
      url: `${TASKS}?dryRun=true`,
      body: { tasks: [{ id: ids.other, title: 'dry run?' }] },
    }),
    status: 400,
    error: true,
    message: /PATCH \/api\/v1\/tasks takes no query parameters/,
  },
  {
    name: 'query parameter on dependency create (code shape)',
    request: (ids) => ({
      method: 'POST',
      url: `${DEPENDENCIES}?lagDays=5`,
      body: { predecessorId: ids.other, successorId: ids.child },
    }),
    status: 400,
    error: 'INVALID_REQUEST',
    message: /takes no query parameters \(it has "lagDays"\); its fields go in the JSON body/,
  },
  {
    name: 'query parameter on dependency delete',
    request: (ids) => ({
      method: 'DELETE',
      url: `${DEPENDENCIES}?foo=bar`,
      body: { id: ids.dependency },
    }),
    status: 400,
    error: true,
    message: /DELETE \/api\/v1\/dependencies takes no query parameters/,
  },
  {
    name: 'a body on the dependency list',
    request: (ids) => ({ method: 'GET', url: DEPENDENCIES, body: { taskId: ids.other } }),
    status: 400,
    error: true,
    message: /GET takes no body/,
  },
  {
    name: 'a body on the task list',
    request: () => ({ method: 'GET', url: TASKS, body: { projectKey: 'WEB' } }),
    status: 400,
    error: true,
    message: /GET takes no body/,
  },
  {
    name: 'empty priority on create (only an update clears)',
    request: () => ({ method: 'POST', url: TASKS, body: { tasks: [newTask({ priority: '' })] } }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.priority: must be low, medium or high/,
  },
  {
    name: 'empty assignee on create (only an update unassigns)',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: { tasks: [newTask({ assignedUserEmail: '' })] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.assignedUserEmail: must be the e-mail of a board member/,
  },
  // Fields that take one of several shapes say which, not zod's bare "Invalid input".
  {
    name: 'a priority no board has, on update',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.other, priority: 'urgent' }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.priority: must be low, medium or high, or "" to clear it/,
  },
  {
    name: 'an unreadable date on update',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.other, startDate: 'soon' }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.startDate: must be an ISO 8601 date .* or "" to clear it/,
  },
  {
    name: 'a property value of no property shape',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.parent, properties: { Platforms: [1, 2] } }] },
    }),
    status: 400,
    error: true,
    message: /must be a string, a number, true or false, or a list of strings/,
  },
  {
    name: 'a null property value on create (nothing to remove)',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: { tasks: [newTask({ properties: { 'Story Points': null } })] },
    }),
    status: 400,
    error: true,
    message: /properties\.Story Points: null is no value; leave the property out of a new task/,
  },
  {
    // A milestone's properties are ignored, but the request is still read as written.
    name: 'a null property value on a milestone create',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: { tasks: [newTask({ type: 'milestone', properties: { 'Story Points': null } })] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.properties\.Story Points: null is no value/,
  },
  {
    name: 'unknown field on a task (strict schema)',
    request: () => ({ method: 'POST', url: TASKS, body: { tasks: [newTask({ colour: 'red' })] } }),
    status: 400,
    error: true,
    message: /unknown field tasks\[0\]\.colour/,
  },
  {
    name: 'unknown top-level field',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.other, title: 'x' }], dryRun: true },
    }),
    status: 400,
    error: true,
    message: /unknown field dryRun/,
  },
  {
    name: 'missing required field on create',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: { tasks: [newTask(), { title: 'No description', projectKey: 'WEB' }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[1\]\.descriptionType/,
  },
  {
    name: 'update item that names no task',
    request: () => ({ method: 'PATCH', url: TASKS, body: { tasks: [{ title: 'who am I' }] } }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.id: identify the task by id, or by projectKey \+ key/,
  },
  {
    name: 'descriptionType without descriptionContent',
    request: (ids) => ({
      method: 'PUT',
      url: TASKS,
      body: { tasks: [{ id: ids.other, descriptionType: 'markdown' }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.descriptionContent: descriptionType and descriptionContent go together/,
  },
  {
    name: 'over-long title',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.other, title: 't'.repeat(SERVICE_LIMITS.titleLength + 1) }] },
    }),
    status: 400,
    error: true,
    message: new RegExp(`tasks\\[0\\]\\.title: at most ${SERVICE_LIMITS.titleLength} characters`),
  },
  {
    name: 'blank title',
    request: () => ({ method: 'POST', url: TASKS, body: { tasks: [newTask({ title: '   ' })] } }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.title: must not be blank/,
  },
  {
    name: 'more than 1000 tasks in one create batch',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: { tasks: Array.from({ length: SERVICE_LIMITS.batchItems + 1 }, () => newTask()) },
    }),
    status: 400,
    error: true,
    message: /at most 1000 tasks/,
  },
  {
    name: 'more than 1000 subtasks hidden under one task',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: {
        tasks: [newTask({ subtasks: Array.from({ length: 1000 }, () => newTask()) })],
      },
    }),
    status: 400,
    error: true,
    message: /at most 1000 tasks, subtasks included/,
  },
  {
    name: 'more than 1000 items in one update batch',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: {
        tasks: Array.from({ length: SERVICE_LIMITS.batchItems + 1 }, () => ({
          id: ids.other,
          title: 'x',
        })),
      },
    }),
    status: 400,
    error: true,
    message: /at most 1000 tasks per request/,
  },
  {
    name: 'subtasks nested past the depth limit',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: { tasks: [nestedSubtasks(SERVICE_LIMITS.subtaskDepth + 1)] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\](\.subtasks\[0\]){7}\.subtasks: subtasks nest at most 8 levels deep/,
  },
  {
    name: 'subtasks nested 100000 levels deep',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: `{"tasks":[${'{"title":"x","subtasks":['.repeat(100_000)}${']}'.repeat(100_000)}]}`,
    }),
    status: 400,
    error: true,
    message: /subtasks nest at most 8 levels deep/,
  },
  {
    name: 'property value of 100000 nested arrays',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: `{"tasks":[{"id":"${ids.other}","properties":{"Notes":${'['.repeat(100_000)}${']'.repeat(100_000)}}}]}`,
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.properties\.Notes/,
  },

  // Board rules: projects, statuses, members, property types, dates, hierarchy.
  {
    name: 'unknown project on create',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: { tasks: [newTask({ projectKey: 'NOPE' })] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.projectKey: this board has no project "NOPE" \(it has: APP, OPS, WEB\)/,
  },
  {
    name: 'invalid status in item 1 of an update batch (item 0 valid, not applied)',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: {
        tasks: [
          { id: ids.other, title: 'Renamed', status: 'Done', tags: ['new'] },
          { id: ids.parent, status: 'Doing' },
        ],
      },
    }),
    status: 400,
    error: true,
    message: /tasks\[1\]\.status: "Doing" is not a status of this board \(it has: Backlog, To Do/,
  },
  {
    name: 'invalid item 1 of a create batch (item 0 valid, not created)',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: { tasks: [newTask({ tags: ['ok'] }), newTask({ status: 'Finished' })] },
    }),
    status: 400,
    error: true,
    message: /tasks\[1\]\.status: "Finished" is not a status/,
  },
  {
    name: 'invalid subtask deep in a create batch (parent and siblings not created)',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: {
        tasks: [
          newTask({
            subtasks: [newTask(), newTask({ subtasks: [newTask({ priority: 'urgent' })] })],
          }),
        ],
      },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.subtasks\[1\]\.subtasks\[0\]\.priority/,
  },
  {
    name: 'assignee who is not a board member',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: { tasks: [newTask({ assignedUserEmail: 'mallory@example.com' })] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.assignedUserEmail: mallory@example\.com is not a member of this board/,
  },
  {
    name: 'Select property value that is not an option',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.parent, properties: { Area: 'Marketing' } }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.properties\.Area: "Marketing" is not an option \(Frontend, Backend/,
  },
  {
    name: 'Number property given as a string',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.parent, properties: { 'Story Points': '5' } }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.properties\.Story Points: a Number property takes a finite number/,
  },
  {
    name: 'Person property that is not a member',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: { tasks: [newTask({ properties: { Reviewer: 'stranger@example.com' } })] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.properties\.Reviewer: stranger@example\.com is not a member/,
  },
  {
    name: 'malformed URL property',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.parent, properties: { Spec: 'not a url' } }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.properties\.Spec: a URL property takes an http\(s\) URL/,
  },
  {
    // The URL parser accepts it (trimmed, encoded or read as https://x.example/); stored as sent,
    // it would never match a filter for the URL it looks like.
    name: 'a URL property with a leading space',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.parent, properties: { Spec: ' https://x.example/a' } }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.properties\.Spec: a URL property takes an http\(s\) URL/,
  },
  {
    name: 'a URL property with a space inside',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.parent, properties: { Spec: 'https://x.example/a b' } }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.properties\.Spec: a URL property takes an http\(s\) URL/,
  },
  {
    name: 'a URL property with a C1 control character',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.parent, properties: { Spec: 'https://x.example/a\u0085' } }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.properties\.Spec: a URL property takes an http\(s\) URL/,
  },
  {
    name: 'a URL property without // after its scheme',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.parent, properties: { Spec: 'https:x.example' } }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.properties\.Spec: a URL property takes an http\(s\) URL/,
  },
  {
    name: 'Multi-Select property given as a string',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.parent, properties: { Platforms: 'Web' } }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.properties\.Platforms: a Multi-Select property takes an array/,
  },
  {
    name: 'unknown custom property',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.parent, properties: { Colour: 'red' } }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.properties\.Colour: this board has no custom property "Colour"/,
  },
  {
    name: 'startDate after dueDate',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.other, startDate: '2026-03-10', dueDate: '2026-03-01' }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.startDate: the start \(2026-03-10.*\) is after the due date \(2026-03-01/,
  },
  {
    name: 'new startDate after the stored dueDate',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.parent, startDate: '2026-12-31' }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.startDate: the start .* is after the due date \(2026-06-30/,
  },
  {
    name: 'impossible calendar date',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: { tasks: [newTask({ dueDate: '2026-02-30' })] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.dueDate: must be an ISO 8601 date/,
  },
  {
    name: 'duplicate task in an update batch',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: {
        tasks: [
          { id: ids.other, title: 'First' },
          { projectKey: 'APP', key: 1, title: 'Second' },
        ],
      },
    }),
    status: 400,
    error: true,
    message: /tasks\[1\]: updates APP-1 again \(also tasks\[0\]\)/,
  },
  {
    name: 'unknown task id in an update',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: {
        tasks: [
          { id: ids.other, title: 'Renamed' },
          { id: 'no-such-task', title: 'Ghost' },
        ],
      },
    }),
    status: 404,
    error: true,
    message: /tasks\[1\]\.id: no task with id "no-such-task" on this board/,
  },
  {
    name: 'unknown task key in an update',
    request: () => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ projectKey: 'WEB', key: 999, title: 'Ghost' }] },
    }),
    status: 404,
    error: true,
    message: /tasks\[0\]\.key: no task WEB-999 on this board/,
  },
  {
    name: 'parent that would make a task its own ancestor',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.parent, parentId: ids.child }] },
    }),
    status: 400,
    error: true,
    message:
      /tasks\[0\]\.parentId: WEB-2 is a subtask of this task; a task cannot become its own ancestor/,
  },
  {
    name: 'task as its own parent',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.other, parentProjectKey: 'APP', parentKey: 1 }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.parentId: APP-1 is the task itself/,
  },
  {
    name: 'milestone as a subtask on create',
    request: () => ({
      method: 'POST',
      url: TASKS,
      body: { tasks: [newTask({ subtasks: [newTask({ type: 'milestone' })] })] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.subtasks\[0\]\.type: a milestone cannot be a subtask/,
  },
  {
    name: 'milestone moved under a parent on update',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.milestone, parentId: ids.other }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.parentId: a milestone cannot be a subtask/,
  },
  {
    name: 'milestoneId pointing at a plain task',
    request: (ids) => ({
      method: 'PATCH',
      url: TASKS,
      body: { tasks: [{ id: ids.child, milestoneId: ids.other }] },
    }),
    status: 400,
    error: true,
    message: /tasks\[0\]\.milestoneId: APP-1 is a task, not a milestone/,
  },

  // Dependencies.
  {
    name: 'dependency on itself',
    request: (ids) => ({
      method: 'POST',
      url: DEPENDENCIES,
      body: { predecessorId: ids.other, successorProjectKey: 'APP', successorKey: 1 },
    }),
    status: 400,
    error: 'SELF_REFERENCE',
    message: /APP-1 cannot depend on itself/,
  },
  {
    name: 'dependency on an unknown task',
    request: (ids) => ({
      method: 'POST',
      url: DEPENDENCIES,
      body: { predecessorProjectKey: 'OPS', predecessorKey: 42, successorId: ids.other },
    }),
    status: 404,
    error: 'TASKS_NOT_FOUND',
    message: /Not found on this board: the predecessor \(OPS-42\)/,
  },
  {
    name: 'dependency with lagDays -1',
    request: (ids) => ({
      method: 'POST',
      url: DEPENDENCIES,
      body: { predecessorId: ids.other, successorId: ids.child, lagDays: -1 },
    }),
    status: 400,
    error: 'INVALID_REQUEST',
    message: /lagDays: must not be negative/,
  },
  {
    name: 'dependency with lagDays 1.5',
    request: (ids) => ({
      method: 'POST',
      url: DEPENDENCIES,
      body: { predecessorId: ids.other, successorId: ids.child, lagDays: 1.5 },
    }),
    status: 400,
    error: 'INVALID_REQUEST',
    message: /lagDays: must be a whole number of days/,
  },
  {
    name: 'dependency without a successor',
    request: (ids) => ({ method: 'POST', url: DEPENDENCIES, body: { predecessorId: ids.other } }),
    status: 400,
    error: 'INVALID_REQUEST',
    message: /identify the successor by successorId, or by successorProjectKey \+ successorKey/,
  },
  {
    name: 'dependency create with a body that is not JSON',
    request: () => ({ method: 'POST', url: DEPENDENCIES, body: 'predecessorId=1' }),
    status: 400,
    error: 'INVALID_REQUEST',
    message: /not valid JSON/,
  },
  {
    name: 'duplicate dependency',
    request: (ids) => ({
      method: 'POST',
      url: DEPENDENCIES,
      body: { predecessorId: ids.parent, successorId: ids.other, lagDays: 3 },
    }),
    status: 409,
    error: 'DUPLICATE',
    message: /APP-1 already depends on WEB-1/,
  },
  {
    name: 'dependency that closes a cycle',
    request: (ids) => ({
      method: 'POST',
      url: DEPENDENCIES,
      body: { predecessorId: ids.other, successorId: ids.parent },
    }),
    status: 409,
    error: 'CYCLE_DETECTED',
    message: /APP-1 already depends .* on WEB-1; this link would make a cycle/,
  },
  {
    name: 'delete of a nonexistent dependency id',
    request: () => ({ method: 'DELETE', url: DEPENDENCIES, body: { id: 'no-such-dependency' } }),
    status: 404,
    error: true,
    message: /No dependency with id "no-such-dependency"/,
  },
  {
    name: 'delete of a dependency that does not exist between two tasks',
    request: (ids) => ({
      method: 'DELETE',
      url: DEPENDENCIES,
      body: { predecessorId: ids.other, successorId: ids.parent },
    }),
    status: 404,
    error: true,
    message: /WEB-1 does not depend on APP-1/,
  },
  {
    name: 'delete naming both an id and tasks',
    request: (ids) => ({
      method: 'DELETE',
      url: DEPENDENCIES,
      body: { id: ids.dependency, predecessorId: ids.parent, successorId: ids.other },
    }),
    status: 400,
    error: true,
    message: /give the dependency id or its two tasks, not both/,
  },
  {
    name: 'dependency list for an unknown task',
    request: () => ({ method: 'GET', url: `${DEPENDENCIES}?taskProjectKey=WEB&taskKey=77` }),
    status: 404,
    error: true,
    message: /No task with WEB-77 on this board/,
  },
  {
    name: 'dependency list with an unknown query parameter',
    request: () => ({ method: 'GET', url: `${DEPENDENCIES}?task=WEB-1` }),
    status: 400,
    error: true,
    message: /^Query parameter "task" is not a filter of this endpoint\.$/,
  },
  {
    name: 'dependency list with a repeated taskKey',
    request: () => ({
      method: 'GET',
      url: `${DEPENDENCIES}?taskProjectKey=WEB&taskKey=1&taskKey=2`,
    }),
    status: 400,
    error: true,
    message: /^Query parameter "taskKey" is given more than once; it takes one value\.$/,
  },
  {
    name: 'dependency list with a repeated taskId',
    request: (ids) => ({
      method: 'GET',
      url: `${DEPENDENCIES}?taskId=${ids.parent}&taskId=${ids.other}`,
    }),
    status: 400,
    error: true,
    message: /^Query parameter "taskId" is given more than once; it takes one value\.$/,
  },
  {
    name: 'dependency list with an empty taskId',
    request: () => ({ method: 'GET', url: `${DEPENDENCIES}?taskId=` }),
    status: 400,
    error: true,
    message: /^Query parameter "taskId" is empty\.$/,
  },
  {
    name: 'dependency list with taskKey but no taskProjectKey',
    request: () => ({ method: 'GET', url: `${DEPENDENCIES}?taskKey=1` }),
    status: 400,
    error: true,
    message:
      /^Query parameter "taskProjectKey" is missing: taskProjectKey and taskKey go together\.$/,
  },

  // Query strings of the list endpoint.
  {
    name: 'unknown query parameter',
    request: () => ({ method: 'GET', url: `${TASKS}?assignee=olivia.owner@example.com` }),
    status: 400,
    error: true,
    message: /Query parameter "assignee" is not a filter of this endpoint/,
  },
  {
    name: 'impossible date in a dueDate filter',
    request: () => ({ method: 'GET', url: `${TASKS}?dueDate=2026-02-30` }),
    status: 400,
    error: true,
    message: /Query parameter "dueDate" .*date YYYY-MM-DD/,
  },
  {
    name: 'backwards date range',
    request: () => ({ method: 'GET', url: `${TASKS}?startDate=2026-03-10,2026-03-01` }),
    status: 400,
    error: true,
    message: /"startDate" .*starts \(2026-03-10\) after it ends \(2026-03-01\)/,
  },
  {
    name: 'repeated query parameter',
    request: () => ({ method: 'GET', url: `${TASKS}?status=Done&status=Backlog` }),
    status: 400,
    error: true,
    message: /Query parameter "status" is given more than once; use one comma-separated list/,
  },
  {
    name: 'a blank tag filter (no task can have a blank tag)',
    request: () => ({ method: 'GET', url: `${TASKS}?tag=ui,%20` }),
    status: 400,
    error: true,
    message: /^Query parameter "tag" has " ", which no task can have: a tag must not be blank\.$/,
  },
  {
    name: 'a tag filter longer than any tag',
    request: () => ({ method: 'GET', url: `${TASKS}?tag=${'t'.repeat(101)}` }),
    status: 400,
    error: true,
    message:
      /^Query parameter "tag" has "t{101}", which no task can have: at most 100 characters\.$/,
  },
  {
    name: 'a projectKey filter no project can have',
    request: () => ({ method: 'GET', url: `${TASKS}?projectKey=WEB;type=task` }),
    status: 400,
    error: true,
    message:
      /^Query parameter "projectKey" has "WEB;type=task", which no project can have: project keys are 1-20 capital letters, digits or _, starting with a letter\.$/,
  },
  {
    name: 'a lower-case projectKey filter',
    request: () => ({ method: 'GET', url: `${TASKS}?projectKey=WEB,ops` }),
    status: 400,
    error: true,
    message: /^Query parameter "projectKey" has "ops", which no project can have/,
  },
  {
    name: 'prop_ filter of an unknown property',
    request: () => ({ method: 'GET', url: `${TASKS}?prop_Colour=red` }),
    status: 400,
    error: true,
    message: /"prop_Colour": this board has no custom property "Colour"/,
  },
  {
    name: 'prop_ Number filter that is not a number',
    request: () => ({ method: 'GET', url: `${TASKS}?prop_Story%20Points=five` }),
    status: 400,
    error: true,
    message: /"prop_Story Points" .*numbers/,
  },

  // Routes and methods.
  {
    name: 'DELETE on the task collection',
    request: () => ({ method: 'DELETE', url: TASKS }),
    status: 405,
    error: true,
    message: /DELETE is not supported on \/api\/v1\/tasks; use GET, POST, PUT, PATCH/,
  },
  {
    name: 'unknown route',
    request: () => ({ method: 'GET', url: '/api/v1/projects?x=1' }),
    status: 404,
    error: true,
    message: /There is no GET \/api\/v1\/projects; the interface lives under \/api\/v1/,
  },
]

/** Every table the interface can write, all columns, in a fixed order. */
const FINGERPRINT_TABLES = {
  tasks: 'SELECT * FROM tasks ORDER BY seq',
  task_tags: 'SELECT * FROM task_tags ORDER BY task_seq, tag',
  task_property_values: 'SELECT * FROM task_property_values ORDER BY task_seq, name, value',
  dependencies: 'SELECT * FROM dependencies ORDER BY seq',
  projects: 'SELECT * FROM projects ORDER BY board_id, key',
  api_keys: 'SELECT * FROM api_keys ORDER BY id',
  boards: 'SELECT * FROM boards ORDER BY id',
}

/** Table name to its rows; compared with toEqual, a change shows as a per-table diff. */
function fingerprint(service: TestService): Record<string, unknown[]> {
  return Object.fromEntries(
    Object.entries(FINGERPRINT_TABLES).map(([table, sql]) => [
      table,
      service.db.prepare(sql).raw(true).all(),
    ]),
  )
}

async function send(
  service: TestService,
  request: BadRequest,
  extraHeaders: Record<string, string | undefined>,
): Promise<{ status: number; body: unknown; raw: string }> {
  const headers: Record<string, string | undefined> = {
    authorization: `Bearer ${service.key}`,
    ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...extraHeaders,
    ...request.headers,
  }
  for (const [name, value] of Object.entries(headers)) if (value === undefined) delete headers[name]
  const response = await service.app.inject({
    method: request.method,
    url: request.url,
    headers: headers as Record<string, string>,
    ...(request.body !== undefined
      ? {
          payload: typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
        }
      : {}),
  })
  let body: unknown
  try {
    body = JSON.parse(response.body)
  } catch {
    body = undefined
  }
  return { status: response.statusCode, body, raw: response.body }
}

describe('bad input', () => {
  let service: TestService
  let ids: Seeded

  beforeEach(async () => {
    service = await startTestService()
    const created = await service.call('POST', TASKS, {
      tasks: [
        newTask({
          title: 'Landing page',
          status: 'In Progress',
          assignedUserEmail: 'ada.lovelace@example.com',
          tags: ['ui', 'launch'],
          startDate: '2026-03-01',
          dueDate: '2026-06-30',
          properties: {
            'Story Points': 5,
            Area: 'Frontend',
            Platforms: ['Web', 'iOS'],
            Reviewer: 'grace.hopper@example.com',
          },
          subtasks: [newTask({ title: 'Hero image', tags: ['ui'] })],
        }),
        newTask({ title: 'Offline mode', projectKey: 'APP', properties: { Notes: 'later' } }),
        newTask({ title: 'Launch', projectKey: 'OPS', type: 'milestone', dueDate: '2026-07-01' }),
      ],
    })
    expect(created.status).toBe(200)
    const idOf = (project: string, key: number) =>
      (
        service.db
          .prepare('SELECT id FROM tasks WHERE project_key = ? AND key = ?')
          .raw(true)
          .get(project, key) as [string]
      )[0]
    const parent = idOf('WEB', 1)
    const other = idOf('APP', 1)
    const link = await service.call('POST', DEPENDENCIES, {
      predecessorId: parent,
      successorId: other,
      lagDays: 2,
    })
    expect(link.status).toBe(200)
    ids = {
      parent,
      child: idOf('WEB', 2),
      other,
      milestone: idOf('OPS', 1),
      dependency: link.body.dependency.id as string,
    }
  })

  afterEach(async () => {
    await service.close()
  })

  it('covers at least 20 kinds of bad request', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20)
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length)
  })

  it.each(cases)('$name', async (badCase) => {
    const extraHeaders = badCase.setup?.(service) ?? {}
    const before = fingerprint(service)

    const response = await send(service, badCase.request(ids), extraHeaders)

    expect(response.status, response.raw.slice(0, 500)).toBeLessThan(500)
    expect(response.status, response.raw.slice(0, 500)).toBe(badCase.status)
    expect(response.body).toMatchObject({ error: badCase.error, message: expect.any(String) })
    const body = response.body as { message: string; success?: unknown }
    expect(body.success).toBeUndefined()
    expect(body.message).toMatch(badCase.message)
    expect(fingerprint(service)).toEqual(before)

    // The service is still up and answers the owner's key.
    const after = await service.call('GET', `${TASKS}?projectKey=WEB,APP,OPS`)
    expect(after.status).toBe(200)
    expect(after.body.tasks.map((t: { title: string }) => t.title).sort()).toEqual([
      'Hero image',
      'Landing page',
      'Launch',
      'Offline mode',
    ])
  })

  it('the fingerprint notices a change, so an applied bad batch would be caught', async () => {
    const before = fingerprint(service)
    const response = await service.call('PATCH', TASKS, {
      tasks: [{ id: ids.other, tags: ['changed'] }],
    })
    expect(response.status).toBe(200)
    expect(fingerprint(service)).not.toEqual(before)
  })
})
