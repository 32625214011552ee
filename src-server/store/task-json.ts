// The spec's Task object as JSON text. The `doc` column (a stored generated column, so SQLite
// keeps it current on every insert and update) holds every field but `description` and `url`,
// which depend on the request; a list appends those two and joins up to 100 rows. A list request
// so never builds or serialises ~2,600 separate values (see docs/benchmarks.md).
import type { DescriptionType } from '../../src-shared/api'

/** The json_object() expression of the `doc` column; unqualified column names of `tasks`. */
export const TASK_DOC = `json_object(
  'id', id,
  'parentId', coalesce(parent_id, ''),
  'projectKey', project_key,
  'key', key,
  'title', title,
  'coverImageUrl', cover_image_url,
  'assignedUserEmail', assignee,
  'startDate', start_date,
  'dueDate', due_date,
  'status', status,
  'tags', json(tags_json),
  'pinToTop', json(CASE pin_to_top WHEN 1 THEN 'true' ELSE 'false' END),
  'priority', priority,
  'type', type,
  'milestoneId', coalesce(milestone_id, ''),
  'createdAt', created_at,
  'createdBy', created_by,
  'updatedAt', updated_at,
  'updatedBy', updated_by,
  'startedAt', started_at,
  'startedBy', started_by,
  'endedAt', ended_at,
  'endedBy', ended_by,
  'properties', json(properties_json)
)`

const DESCRIPTION_COLUMN: Record<DescriptionType, string> = {
  text: 'description_text',
  markdown: 'description_markdown',
  html: 'description_html',
}

/**
 * The page's rows, read whole: the subquery `seqQuery` picks the matching sequence numbers (which
 * indexes cover); only those (at most 100) rows are then read. Each row leads with `sortKey`, the
 * column its list order sorts by (see joinTaskRows). Parameter ?1 is the task URL prefix.
 */
export function pageRowsQuery(
  seqQuery: string,
  descriptionType: DescriptionType,
  sortKey: 'due_date' | 'updated_at' | 'seq' = 'due_date',
): string {
  return `SELECT x.${sortKey}, x.seq, x.doc, x.${DESCRIPTION_COLUMN[descriptionType]}, ?1 || x.id
    FROM (${seqQuery}) page JOIN tasks x ON x.seq = page.seq`
}

export type PageRow = [
  sortKey: string | number,
  seq: number,
  doc: string,
  description: string,
  url: string,
]

const bySortKeyThenSeq = (a: PageRow, b: PageRow) =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]

/**
 * The JSON array of a page's tasks in list order (by sort key, then creation; ascending for
 * direction 1, descending for -1, as the rows come for 0): each row's `doc` with its description
 * and url appended. Sorting here is cheaper than asking SQLite to sort the rendered rows, and it
 * does not rely on a join keeping its subquery's order.
 */
export function joinTaskRows(rows: PageRow[], direction: 1 | -1 | 0 = 1): string {
  if (direction === 1) rows.sort(bySortKeyThenSeq)
  else if (direction === -1) rows.sort((a, b) => bySortKeyThenSeq(b, a))
  const parts = rows.map(
    ([, , doc, description, url]) =>
      `${doc.slice(0, -1)},"description":${JSON.stringify(description)},"url":${JSON.stringify(url)}}`,
  )
  return `[${parts.join(',')}]`
}
