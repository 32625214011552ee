// Set any updatable fields of some tasks (the details panel, links, undo of such an edit).
import { changeFields } from './change-fields'
import type { CommandResult, TaskTable, UpdateFieldsArgs } from './types'

export function updateFields<B extends TaskTable>(
  board: B,
  args: UpdateFieldsArgs,
): CommandResult<B> {
  const { next, updates, before } = changeFields(board, args.updates)
  return { next, inverse: { kind: 'updateFields', updates: before }, updates }
}
