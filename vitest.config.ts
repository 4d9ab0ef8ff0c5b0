import { defineConfig } from 'vitest/config';

/** Pure tests: no database, no server, no browser. `npm run test:unit` runs only these, in seconds. */
const UNIT = [
  'test/kinds/**/*.test.ts',
  'test/rules/**/*.test.ts',
  'test/orders/**/*.test.ts',
  'test/reports/**/*.test.ts',
  'test/adjudicator/**/*.test.ts',
  'test/lib/**/*.test.ts',
  'test/config/**/*.test.ts',
  'test/log.test.ts',
  'test/games/side-names.test.ts',
  'test/mail/compose.test.ts',
  'test/web/client-bundle.test.ts',
  'test/web/pages/new-game-form.test.ts',
  'test/web/pages/order-form.test.ts',
  'test/web/svg/**/*.test.ts',
  'test/cli/errors.test.ts',
  'test/cli/game-create.test.ts',
  'test/cli/http-client.test.ts',
  'test/cli/serve-command.test.ts',
  'test/cli/adjudicator-cli.test.ts',
  'test/cli/campaign-cli.test.ts',
  'test/cli/help.test.ts',
];

/**
 * Tests of whole processes and real servers (mail servers, the browser, child processes) that may share the machine
 * with other files: the ones that read or empty the shared mailboxes take a lock for it (test/support/mailbox-lock.ts),
 * every file has its own database and ports, and none of them holds a process to a deadline.
 */
const SERVICES = [
  'test/e2e/**/*.test.ts',
  'test/browser/**/*.test.ts',
  'test/mail/smtp-receiver.test.ts',
  'test/mail/outbound.test.ts',
  'test/mail/servers-down.test.ts',
  'test/cli/msc-game.e2e.test.ts',
  'test/cli/readme.e2e.test.ts',
  'test/adjudicator/hostile-input.test.ts',
];

/**
 * Tests that hold processes to deadlines (answers within 2 s, exit within 8 s, mail applied within 5 s, a race at a
 * turn's deadline) or stop and freeze servers: one at a time, once every other file has run, so that the machine's
 * other work does not decide them.
 */
const TIMED = [
  'test/mail/imap-watcher.test.ts',
  'test/queue/crash.test.ts',
  'test/queue/many-workers.test.ts',
  'test/server/main.test.ts',
  'test/server/faults.test.ts',
  'test/db/lock.test.ts',
];

/** What every game kind must do, played through the service for each kind in the registry. */
const CONFORMANCE = 'test/kinds/conformance.test.ts';

export default defineConfig({
  test: {
    // Two files at a time: vitest's default on a 2-core machine is one, and most of a database or service test is
    // spent waiting on PostgreSQL, a mail server or a child process. Every test file has its own database and ports.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, exclude: [CONFORMANCE, ...SERVICES] } },
      { extends: true, test: { name: 'kinds', include: [CONFORMANCE] } },
      // Everything else opens a database (PGlite, and PostgreSQL where it runs).
      {
        extends: true,
        test: { name: 'db', include: ['test/**/*.test.ts'], exclude: [...UNIT, ...SERVICES, ...TIMED] },
      },
      { extends: true, test: { name: 'services', include: SERVICES } },
      { extends: true, test: { name: 'timed', include: TIMED, maxWorkers: 1 } },
    ],
  },
});
