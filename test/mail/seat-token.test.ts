/**
 * What a mail says before its seat is known (src/mail/seat-token.ts): which lines are orders comes from the kinds'
 * own words (`GameKind.orderKeywords`), not from a list of the mail channel's. A reply that joins a seat and holds a
 * line of its game's kind carries orders; a word of another kind's language is not orders in that game.
 */
import { describe, expect, it, vi } from 'vitest';
import type * as Registry from '../../src/kinds/index.ts';
import { kindOf, RULESETS } from '../../src/kinds/index.ts';
import { outlineBody } from '../../src/mail/seat-token.ts';

// A kind the registry does not have, with an order word no other kind uses: the mail must learn it from the registry.
vi.mock('../../src/kinds/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Registry>();
  const muster = { ...real.kindOf('msc-tactical'), ruleset: 'test-muster', orderKeywords: ['MUSTER'] };
  return {
    ...real,
    RULESETS: [...real.RULESETS, 'test-muster'],
    kindOf: (ruleset: string) => (ruleset === 'test-muster' ? muster : real.kindOf(ruleset as never)),
  };
});

const rulesets = RULESETS as readonly string[];
const keywordsOf = (ruleset: string) => kindOf(ruleset as never).orderKeywords;
const body = (line: string) => `Hello,\n\n${line}\n\nAnn`;

describe('outlineBody: the order words come from the kinds', () => {
  it('the registry is read: the test kind is there, with its own word', () => {
    expect(rulesets).toContain('test-muster');
    expect(keywordsOf('test-muster')).toEqual(['MUSTER']);
  });

  it.each(rulesets)('before the game is known, a line opened by a word of %s is orders', (ruleset) => {
    for (const word of keywordsOf(ruleset))
      expect(outlineBody(body(`${word.toLowerCase()} 3 x`)).orders, word).toBe(true);
  });

  it.each(rulesets)("in a game of %s, its own words are orders and other kinds' words are not", (ruleset) => {
    const own = keywordsOf(ruleset);
    for (const word of own) expect(outlineBody(body(`${word} 3 x`), own).orders, word).toBe(true);
    const others = rulesets.flatMap(keywordsOf).filter((w) => !own.includes(w));
    expect(others.length).toBeGreaterThan(0);
    for (const word of others) expect(outlineBody(body(`${word} 3 x`), own).orders, word).toBe(false);
  });

  it('a MESSAGE is orders in any game; commands, a GAME line and words of no kind are not', () => {
    for (const ruleset of rulesets) {
      const own = keywordsOf(ruleset);
      expect(outlineBody(body('MESSAGE grey\nhi\nEND'), own).orders).toBe(true);
      const outline = outlineBody(body('GAME duel-1 TURN 2\nSTATUS\nYes, I am in!'), own);
      expect(outline).toMatchObject({ orders: false, commands: ['STATUS'], gameId: 'duel-1', turn: 2 });
    }
  });
});

describe('outlineBody: HOLD in a joining reply', () => {
  it('reads HOLD and NO ORDERS as the command HOLD, so that a reply saying only that is carried out, not just a yes', () => {
    expect(outlineBody(body('HOLD')).commands).toEqual(['HOLD']);
    expect(outlineBody(body('no orders')).commands).toEqual(['HOLD']);
    expect(outlineBody(body('No orders yet, I am thinking')).commands).toEqual([]);
  });
});
