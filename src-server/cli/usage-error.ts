export const usage = `Usage: taskboard <command> [options]

  board import --db <file> <board.json>
      Create the database if needed and import the board defined in board.json.
  key create --db <file> --board <name> [--owner <email>]
      Create an API key (printed once, alone on a line). The owner defaults to the board's first owner.
  key list --db <file>
      List keys, masked.
  key revoke --db <file> --id <keyId>
      Revoke a key; requests with it are refused from then on.
  seed --db <file> --board <name> --tasks <n> [--seed <int>] [--anchor <YYYY-MM-DD>]
      Add a realistic, deterministic set of tasks to a board.
  serve --db <file> [--host 127.0.0.1] [--port <n>] [--list-order <order>]
        [--property-null remove|refuse]
      Serve the board interface; --port 0 picks a free port. Stops on Ctrl-C.
  demo [--port <n>] [--db <file>] [--tasks <n>] [--list-order <order>]
        [--property-null remove|refuse]
      Start a ready demo board (temporary database unless --db) and print its URL and key.

  --list-order: the order of GET /api/v1/tasks and which 100 matches it returns, which the
  spec leaves open; set it to test a client against other services' choices.
      due           by due date, tasks without one first, then creation (default)
      created       creation order, oldest first
      created-desc  newest first
      updated-desc  last updated first (ties: newest created first)
      random        a random 100 of the matches, drawn anew on every request

  --property-null: what null does as a custom property value on update, which the spec leaves
  open (its value shapes have no null, and it shows no way to remove a property).
      remove        removes the property (default; the planner clears a property this way)
      refuse        answers 400, as a service with no way to remove one would
`

export class UsageError extends Error {}
