// Descriptions of a create or update batch, converted before its transaction: in the converter
// pool (description/pool.ts), off the service's thread, while no write lock is held. The
// transaction then looks each one up by the item it came in.
import type { CreateTaskItem, DescriptionType, UpdateTaskItem } from '../../src-shared/api'
import {
  convertDescription,
  DescriptionRefused,
  recentlyConverted,
} from '../description/convert-description'
import type { StoredDescription } from '../description/convert-description'
import { ConversionRefused, descriptionPool } from '../description/pool'
import type { DescriptionJob, DescriptionPool } from '../description/pool'
import { badField } from './service-error'

/** Stored forms by the request item (the parsed object) whose description they are. */
export type DescriptionLookup = ReadonlyMap<object, StoredDescription>

interface Pending extends DescriptionJob {
  item: object
}

/** Every description of a create batch, subtasks included. */
export function createBatchDescriptions(
  items: readonly CreateTaskItem[],
  pool?: DescriptionPool,
): Promise<DescriptionLookup> {
  const pending: Pending[] = []
  const visit = (list: readonly CreateTaskItem[], path: string) =>
    list.forEach((item, index) => {
      const itemPath = `${path}[${index}]`
      pending.push(job(item, itemPath, item.descriptionType, item.descriptionContent))
      if (item.subtasks) visit(item.subtasks, `${itemPath}.subtasks`)
    })
  visit(items, 'tasks')
  return convertAll(pending, pool)
}

/** The descriptions an update batch sets. */
export function updateBatchDescriptions(
  items: readonly UpdateTaskItem[],
  pool?: DescriptionPool,
): Promise<DescriptionLookup> {
  const pending: Pending[] = []
  items.forEach((item, index) => {
    if (item.descriptionType === undefined || item.descriptionContent === undefined) return
    pending.push(job(item, `tasks[${index}]`, item.descriptionType, item.descriptionContent))
  })
  return convertAll(pending, pool)
}

const job = (item: object, path: string, type: DescriptionType, content: string): Pending => ({
  item,
  field: `${path}.descriptionContent`,
  type,
  content,
})

async function convertAll(
  pending: readonly Pending[],
  pool: DescriptionPool = descriptionPool(),
): Promise<DescriptionLookup> {
  const found = new Map<object, StoredDescription>()
  const toConvert: Pending[] = []
  for (const entry of pending) {
    const known = recentlyConverted(entry.type, entry.content)
    if (known) found.set(entry.item, known)
    else toConvert.push(entry)
  }
  try {
    const converted = await pool.convert(toConvert)
    toConvert.forEach((entry, index) =>
      found.set(entry.item, converted[index] as StoredDescription),
    )
  } catch (error) {
    if (error instanceof ConversionRefused) throw badField(error.field, error.problem)
    throw error
  }
  return found
}

/**
 * The stored forms of `item`'s description: converted beforehand (the HTTP routes), or here and
 * now (the CLI's seeding, which writes no hostile text).
 */
export function storedDescription(
  descriptions: DescriptionLookup | undefined,
  item: object,
  type: DescriptionType,
  content: string,
  path: string,
): StoredDescription {
  const converted = descriptions?.get(item)
  if (converted) return converted
  try {
    return convertDescription(type, content)
  } catch (error) {
    if (error instanceof DescriptionRefused)
      throw badField(`${path}.descriptionContent`, error.problem)
    throw error
  }
}
