/**
 * drizzle-kit settings: `npm run db:generate` compares src/db/schema.ts with
 * the snapshots in migrations/meta and writes the SQL for the difference as a
 * new migration file. Migrations are applied by `msc migrate` (src/db/migrate.ts),
 * never by drizzle-kit itself, so no database connection is configured here.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './migrations',
  strict: true,
  verbose: true,
});
