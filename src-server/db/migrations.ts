import { DATE_VALUE } from '../store/list-filter-sql'
import { TASK_DOC } from '../store/task-json'

// Numbered migrations. Each runs once, in order, inside a transaction, and bumps
// PRAGMA user_version; a database newer than this code is refused rather than guessed at.

export interface Migration {
  version: number
  name: string
  sql: string
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'boards, keys, tasks, dependencies',
    sql: `
      CREATE TABLE boards (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL
      );
      CREATE TABLE projects (
        board_id INTEGER NOT NULL REFERENCES boards(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        name TEXT NOT NULL,
        next_task_key INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (board_id, key)
      );
      CREATE TABLE statuses (
        board_id INTEGER NOT NULL REFERENCES boards(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        category TEXT NOT NULL CHECK (category IN ('todo', 'started', 'done')),
        position INTEGER NOT NULL,
        PRIMARY KEY (board_id, name)
      );
      CREATE TABLE members (
        board_id INTEGER NOT NULL REFERENCES boards(id) ON DELETE CASCADE,
        email TEXT NOT NULL,
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('owner', 'member')),
        PRIMARY KEY (board_id, email)
      );
      CREATE TABLE property_definitions (
        board_id INTEGER NOT NULL REFERENCES boards(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        options_json TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (board_id, name)
      );
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        board_id INTEGER NOT NULL REFERENCES boards(id) ON DELETE CASCADE,
        owner_email TEXT NOT NULL,
        digest TEXT NOT NULL,
        last4 TEXT NOT NULL,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
      CREATE TABLE tasks (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        board_id INTEGER NOT NULL REFERENCES boards(id),
        project_key TEXT NOT NULL,
        key INTEGER NOT NULL,
        parent_id TEXT REFERENCES tasks(id),
        type TEXT NOT NULL CHECK (type IN ('task', 'milestone')),
        milestone_id TEXT REFERENCES tasks(id),
        title TEXT NOT NULL,
        description_markdown TEXT NOT NULL DEFAULT '',
        description_html TEXT NOT NULL DEFAULT '',
        description_text TEXT NOT NULL DEFAULT '',
        cover_image_url TEXT NOT NULL DEFAULT '',
        assignee TEXT NOT NULL DEFAULT '',
        start_date TEXT NOT NULL DEFAULT '',
        due_date TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL,
        tags_json TEXT NOT NULL DEFAULT '[]',
        pin_to_top INTEGER NOT NULL DEFAULT 0,
        priority TEXT NOT NULL DEFAULT '',
        properties_json TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL,
        created_by TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        started_at TEXT NOT NULL DEFAULT '',
        started_by TEXT NOT NULL DEFAULT '',
        ended_at TEXT NOT NULL DEFAULT '',
        ended_by TEXT NOT NULL DEFAULT '',
        -- The task as the list endpoint returns it, less description and url (which depend on
        -- the request). SQLite renders it at write time, so a list only concatenates rows.
        doc TEXT GENERATED ALWAYS AS (${TASK_DOC}) STORED,
        UNIQUE (board_id, project_key, key),
        FOREIGN KEY (board_id, project_key) REFERENCES projects(board_id, key)
      );
      -- Lists are ordered by (due_date, seq): these indexes hold that order for the planner's
      -- sync queries (project, status, due-date ranges), so a page stops after 100 entries.
      CREATE INDEX tasks_by_project_status ON tasks (board_id, project_key, status, due_date);
      CREATE INDEX tasks_by_status ON tasks (board_id, status, due_date);
      CREATE INDEX tasks_by_due ON tasks (board_id, due_date);
      CREATE INDEX tasks_by_start ON tasks (board_id, start_date);
      CREATE INDEX tasks_by_assignee ON tasks (board_id, assignee);
      CREATE INDEX tasks_by_milestone ON tasks (milestone_id);
      CREATE INDEX tasks_by_parent ON tasks (parent_id);
      -- Filter indexes for tags and custom properties; tags_json/properties_json are what reads return.
      CREATE TABLE task_tags (
        tag TEXT NOT NULL,
        task_seq INTEGER NOT NULL REFERENCES tasks(seq) ON DELETE CASCADE,
        PRIMARY KEY (tag, task_seq)
      ) WITHOUT ROWID;
      CREATE INDEX task_tags_by_task ON task_tags (task_seq);
      CREATE TABLE task_property_values (
        name TEXT NOT NULL,
        value TEXT NOT NULL,
        number REAL,
        task_seq INTEGER NOT NULL REFERENCES tasks(seq) ON DELETE CASCADE
      );
      CREATE INDEX property_values_by_value ON task_property_values (name, value, task_seq);
      CREATE INDEX property_values_by_number ON task_property_values (name, number) WHERE number IS NOT NULL;
      CREATE INDEX property_values_by_task ON task_property_values (task_seq);
      CREATE TABLE dependencies (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        board_id INTEGER NOT NULL REFERENCES boards(id),
        predecessor_id TEXT NOT NULL REFERENCES tasks(id),
        successor_id TEXT NOT NULL REFERENCES tasks(id),
        lag_days INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        UNIQUE (predecessor_id, successor_id),
        CHECK (predecessor_id <> successor_id)
      );
      CREATE INDEX dependencies_by_successor ON dependencies (successor_id);
      CREATE INDEX dependencies_by_board ON dependencies (board_id);
    `,
  },
  {
    version: 2,
    name: 'list filters: type, pinned, start date with due date',
    // type=milestone and pinToTop=true walked the due-date index past every task of the other
    // kind; with these a page of either is read in list order straight away. A start-date range
    // sorts its matches by due date: the index now carries it, so the sort reads the index only.
    // Statistics for them at once: without, SQLite takes a new index for far more selective
    // than it is.
    sql: `
      CREATE INDEX tasks_by_type ON tasks (board_id, type, due_date);
      CREATE INDEX tasks_by_pin ON tasks (board_id, pin_to_top, due_date);
      DROP INDEX tasks_by_start;
      CREATE INDEX tasks_by_start ON tasks (board_id, start_date, due_date);
      ANALYZE tasks;
    `,
  },
  {
    version: 3,
    name: 'tag and property filters in due-date order',
    // A tag or property filter walks its own index in the default list order (due date, then
    // creation) and stops after a page, instead of reading every match and sorting it (a tag
    // matches ~20,000 tasks of a 100,000-task board). So the index rows carry their task's due
    // date, kept current by a trigger on every write of tasks.due_date, whatever the write path.
    // Moving a due date then moves a task's filter index entries too: few indexes carry it (tag
    // rows are a rowid table, so only one of its indexes does; numbers are walked by their text,
    // Date ranges by a partial index of date-like values only).
    // The by-task indexes cover the filters' per-task checks, so no check reads a table row.
    sql: `
      CREATE TABLE task_tags_v3 (
        tag TEXT NOT NULL,
        due_date TEXT NOT NULL,
        task_seq INTEGER NOT NULL REFERENCES tasks(seq) ON DELETE CASCADE
      );
      INSERT INTO task_tags_v3 (tag, due_date, task_seq)
        SELECT g.tag, t.due_date, g.task_seq FROM task_tags g JOIN tasks t ON t.seq = g.task_seq
        ORDER BY g.task_seq;
      DROP TABLE task_tags;
      ALTER TABLE task_tags_v3 RENAME TO task_tags;
      CREATE INDEX task_tags_by_due ON task_tags (tag, due_date, task_seq);
      CREATE UNIQUE INDEX task_tags_by_task ON task_tags (task_seq, tag);

      -- Unchecked boxes are not indexed (property-values.ts, indexRows).
      DELETE FROM task_property_values
        WHERE value = 'false' AND EXISTS (
          SELECT 1 FROM tasks t
            JOIN property_definitions d ON d.board_id = t.board_id AND d.name = task_property_values.name
          WHERE t.seq = task_property_values.task_seq AND d.type IN ('Checkbox', 'Toggle'));
      ALTER TABLE task_property_values ADD COLUMN due_date TEXT NOT NULL DEFAULT '';
      UPDATE task_property_values
        SET due_date = (SELECT t.due_date FROM tasks t WHERE t.seq = task_seq);
      DROP INDEX property_values_by_value;
      CREATE INDEX property_values_by_value
        ON task_property_values (name, value, due_date, task_seq);
      DROP INDEX property_values_by_task;
      CREATE INDEX property_values_by_task
        ON task_property_values (task_seq, name, value, number);
      -- A Date property's range spans many values: its matches are found by walking the
      -- property's rows in due order, checking the value on the index.
      CREATE INDEX property_values_by_due
        ON task_property_values (name, due_date, task_seq, value) WHERE ${DATE_VALUE};

      -- A start-date range walks the due-date index from its first day on (a task starts before
      -- it is due), checking the start date on the index (seq spelled out keeps the index in
      -- list order); the two partial indexes hold the tasks that walk cannot reach, normally few
      -- or none.
      DROP INDEX tasks_by_due;
      CREATE INDEX tasks_by_due ON tasks (board_id, due_date, seq, start_date);
      CREATE INDEX tasks_undated_by_start ON tasks (board_id, start_date) WHERE due_date = '';
      CREATE INDEX tasks_starting_after_due ON tasks (board_id, start_date)
        WHERE due_date <> '' AND start_date > due_date;

      CREATE TRIGGER tasks_due_date_to_filter_indexes AFTER UPDATE OF due_date ON tasks
        WHEN NEW.due_date IS NOT OLD.due_date
      BEGIN
        UPDATE task_tags SET due_date = NEW.due_date WHERE task_seq = NEW.seq;
        UPDATE task_property_values SET due_date = NEW.due_date WHERE task_seq = NEW.seq;
      END;
      ANALYZE tasks;
      ANALYZE task_tags;
      ANALYZE task_property_values;
    `,
  },
]
