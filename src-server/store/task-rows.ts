// The tasks table as the service reads it, and its mapping to the spec's Task object.
import type { DescriptionType, Task } from '../../src-shared/api'

const DESCRIPTION_COLUMN: Record<DescriptionType, string> = {
  text: 'description_text',
  markdown: 'description_markdown',
  html: 'description_html',
}

/** Columns in the order of TaskRow; the description column depends on the requested format. */
export function taskColumns(descriptionType: DescriptionType, alias = 't'): string {
  return [
    'seq',
    'id',
    'parent_id',
    'project_key',
    'key',
    'title',
    DESCRIPTION_COLUMN[descriptionType],
    'cover_image_url',
    'assignee',
    'start_date',
    'due_date',
    'status',
    'tags_json',
    'pin_to_top',
    'priority',
    'type',
    'milestone_id',
    'created_at',
    'created_by',
    'updated_at',
    'updated_by',
    'started_at',
    'started_by',
    'ended_at',
    'ended_by',
    'properties_json',
  ]
    .map((c) => `${alias}.${c}`)
    .join(', ')
}

export type TaskRow = [
  seq: number,
  id: string,
  parentId: string | null,
  projectKey: string,
  key: number,
  title: string,
  description: string,
  coverImageUrl: string,
  assignee: string,
  startDate: string,
  dueDate: string,
  status: string,
  tagsJson: string,
  pinToTop: number,
  priority: string,
  type: string,
  milestoneId: string | null,
  createdAt: string,
  createdBy: string,
  updatedAt: string,
  updatedBy: string,
  startedAt: string,
  startedBy: string,
  endedAt: string,
  endedBy: string,
  propertiesJson: string,
]

export function rowToTask(row: TaskRow, taskUrl: (id: string) => string): Task & { url: string } {
  return {
    id: row[1],
    parentId: row[2] ?? '',
    projectKey: row[3],
    key: row[4],
    title: row[5],
    description: row[6],
    coverImageUrl: row[7],
    assignedUserEmail: row[8],
    startDate: row[9],
    dueDate: row[10],
    status: row[11],
    tags: JSON.parse(row[12]) as string[],
    pinToTop: row[13] === 1,
    priority: row[14] as Task['priority'],
    type: row[15] as Task['type'],
    milestoneId: row[16] ?? '',
    createdAt: row[17],
    createdBy: row[18],
    updatedAt: row[19],
    updatedBy: row[20],
    startedAt: row[21],
    startedBy: row[22],
    endedAt: row[23],
    endedBy: row[24],
    properties: JSON.parse(row[25]) as Record<string, unknown>,
    url: taskUrl(row[1]),
  }
}
