/**
 * The two ways `msc game …` reaches the games, for tests that check a command answers the same through both: the use
 * cases on the database (the CLI as the trusted operator), and the real web app's JSON API (as when a running server
 * holds the embedded database).
 */
import { DirectGamesClient } from '../../src/cli/direct-client.ts';
import { HttpGamesClient } from '../../src/cli/http-client.ts';
import { operatorKey } from '../../src/games/service-key.ts';
import { freshDatabase } from '../support/db.ts';
import { gamesContext, type TestGamesContext } from '../support/games.ts';
import { startTestApp } from '../web/support.ts';
import { mscWith } from './support.ts';

export interface Transport {
  readonly msc: ReturnType<typeof mscWith>;
  readonly ctx: TestGamesContext;
  close(): Promise<void>;
}

export const transports: Record<'direct' | 'http', () => Promise<Transport>> = {
  async direct() {
    const database = await freshDatabase('pglite');
    const ctx = gamesContext(database);
    return {
      ctx,
      msc: mscWith(async () => new DirectGamesClient(ctx, 'the test database')),
      close: () => database.drop(),
    };
  },
  async http() {
    const app = await startTestApp('pglite');
    return {
      ctx: app.ctx,
      // The operator's key, as the server records it in the data directory's lock for msc to read.
      msc: mscWith(
        async ({ key }) =>
          new HttpGamesClient(app.url, { ...(key ? { key } : {}), operatorKey: operatorKey(app.ctx.serviceKey) }),
      ),
      close: () => app.close(),
    };
  },
};
