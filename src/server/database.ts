/**
 * The database, as the composition roots open it: `msc serve` (main.ts) and
 * the command line's commands that work on the database directly. The
 * channels (src/web, src/mail, src/cli) reach the database only through the
 * use cases and repositories of src/games, and through this module for
 * opening, migrating and closing it; lint keeps them off src/db.
 */
export { IN_MEMORY, openDatabase, describeServer, type Database, type DatabaseKind } from '../db/client.ts';
export { migrate } from '../db/migrate.ts';
