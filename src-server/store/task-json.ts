// The spec's Task object, built by SQLite as JSON text. A list response is up to 100 tasks of
// 26 fields; letting SQLite write the JSON avoids creating ~2,600 JS strings and re-serialising
// them, which is most of a list request's cost (see docs/benchmarks.md).
import type { DescriptionType } from '../../src-shared/api'

const DESCRIPTION_COLUMN: Record<DescriptionType, string> = {
  text: 'description_text',
  markdown: 'description_markdown',
  html: 'description_html',
}

/**
 * A json_object() expression over alias `t` of the tasks table; the task URL is parameter ?1
 * (the URL prefix) followed by the id (ids are base 62, so need no escaping).
 */
export function taskJsonExpression(descriptionType: DescriptionType, alias = 't'): string {
  const c = (column: string) => `${alias}.${column}`
  return `json_object(
    'id', ${c('id')},
    'parentId', coalesce(${c('parent_id')}, ''),
    'projectKey', ${c('project_key')},
    'key', ${c('key')},
    'title', ${c('title')},
    'description', ${c(DESCRIPTION_COLUMN[descriptionType])},
    'coverImageUrl', ${c('cover_image_url')},
    'assignedUserEmail', ${c('assignee')},
    'startDate', ${c('start_date')},
    'dueDate', ${c('due_date')},
    'status', ${c('status')},
    'tags', json(${c('tags_json')}),
    'pinToTop', json(CASE ${c('pin_to_top')} WHEN 1 THEN 'true' ELSE 'false' END),
    'priority', ${c('priority')},
    'type', ${c('type')},
    'milestoneId', coalesce(${c('milestone_id')}, ''),
    'createdAt', ${c('created_at')},
    'createdBy', ${c('created_by')},
    'updatedAt', ${c('updated_at')},
    'updatedBy', ${c('updated_by')},
    'startedAt', ${c('started_at')},
    'startedBy', ${c('started_by')},
    'endedAt', ${c('ended_at')},
    'endedBy', ${c('ended_by')},
    'properties', json(${c('properties_json')}),
    'url', ?1 || ${c('id')}
  )`
}
