/**
 * A game id the service makes up begins with a word its kind gives (`GameKind.idPrefix`): the tactical battle's is
 * its scenario's first word, a campaign's `campaign`. The use case asks the kind, whatever kind it is.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGame } from '../../src/games/games/create.ts';
import { SCENARIOS } from '../../src/kinds/tactical/scenario-names.ts';
import { kindOf } from '../../src/kinds/index.ts';
import { freshDatabase, type TestDatabase } from '../support/db.ts';
import { SMALL_CAMPAIGN } from '../support/campaigns.ts';
import { gamesContext, TEST_MAIL_DOMAIN, type TestGamesContext } from '../support/games.ts';

describe('GameKind.idPrefix', () => {
  it("the tactical battle's is its scenario's first word, `game` for a custom one", () => {
    const tactical = kindOf('msc-tactical');
    expect(Object.fromEntries(SCENARIOS.map((s) => [s, tactical.idPrefix(s)]))).toEqual({
      'tutorial-duel': 'tutorial',
      'skirmish-3v3': 'skirmish',
      'solo-mission': 'solo',
      custom: 'game',
    });
  });

  it("a campaign's is `campaign`", () => {
    expect(kindOf('msc-strategic').idPrefix('custom')).toBe('campaign');
  });
});

describe('a new game without an id', () => {
  let database: TestDatabase;
  let ctx: TestGamesContext;
  beforeEach(async () => {
    database = await freshDatabase('pglite');
    ctx = gamesContext(database);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await database.drop();
  });

  const seats = (a: string, b: string) => [
    { side: a, email: `alice@${TEST_MAIL_DOMAIN}`, name: 'Alice' },
    { side: b, email: `bob@${TEST_MAIL_DOMAIN}`, name: 'Bob' },
  ];

  it('is named by its kind', async () => {
    const duel = await createGame(ctx, { name: 'Duel', scenario: 'tutorial-duel', seats: seats('black', 'grey') });
    expect(duel.game.id).toMatch(/^tutorial-[a-z0-9]{6}$/);
    const campaign = await createGame(ctx, {
      name: 'War',
      ruleset: 'msc-strategic',
      settings: SMALL_CAMPAIGN,
      seats: seats('red', 'blue'),
    });
    expect(campaign.game.id).toMatch(/^campaign-[a-z0-9]{6}$/);
  });

  it('takes whatever word its kind gives', async () => {
    const asked = vi.spyOn(kindOf('msc-strategic'), 'idPrefix').mockReturnValue('war');
    const campaign = await createGame(ctx, {
      name: 'War',
      ruleset: 'msc-strategic',
      settings: SMALL_CAMPAIGN,
      seats: seats('red', 'blue'),
    });
    expect(asked).toHaveBeenCalledWith('custom');
    expect(campaign.game.id).toMatch(/^war-[a-z0-9]{6}$/);
  });
});
