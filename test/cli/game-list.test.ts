/** `msc game list` with no games says where it looked: a database in the wrong DATA_DIR is seen at once. */
import { describe, expect, it } from 'vitest';
import { DirectGamesClient } from '../../src/cli/direct-client.ts';
import { freshDatabase } from '../support/db.ts';
import { gamesContext } from '../support/games.ts';
import { mscWith } from './support.ts';

describe('msc game list with no games', () => {
  it('names the database it looked in', async () => {
    const database = await freshDatabase('pglite');
    try {
      const ctx = gamesContext(database);
      const msc = mscWith(async () => new DirectGamesClient(ctx, 'the embedded database in ./data'));
      const r = await msc(['game', 'list']);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('No games yet in the embedded database in ./data: create one with msc game create.\n');
    } finally {
      await database.drop();
    }
  });
});
