/**
 * A greeting above an order block edited in the quoted report (docs/mail.md, "What to write"): skipped, and the block
 * read, even when the greeting's first word looks like a keyword of the campaign language ("Here" and MERGE).
 */
import { describe, expect, it } from 'vitest';
import { parseCampaignSubmission } from '../../../src/orders/campaign/index.ts';
import { campaign, fleet, HEAVY, ship } from '../../rules/strategic/fixtures.ts';

const game = () =>
  campaign({
    store: { blue: 20, red: 0 },
    fleets: [
      fleet({ id: 'Home', side: 'blue', hex: '0202', ships: [ship('Anvil', HEAVY)] }),
      fleet({ id: 'R1', side: 'red', hex: '1909', ships: [ship('r1')] }),
    ],
  });
const parse = (text: string) =>
  parseCampaignSubmission(text, { gameId: 'orion-1', turn: 1, side: 'blue', campaign: game() });

const quoted = (move: string) =>
  [
    'On Mon, 1 Jun 2026 at 10:00, orders@localhost wrote:',
    '> Your turn 1 report',
    '>',
    '> GAME orion-1 TURN 1',
    `> ${move}`,
    '> END',
  ].join('\n');

describe('a greeting above an order block edited in the quote', () => {
  it('"Here are my orders:" is skipped and the quoted block read (not "did you mean MERGE?")', () => {
    const r = parse(`Here are my orders:\n\n${quoted('MOVE Home TO 0303')}`);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.value.orders.moves.get('Home')).toBeDefined();
    expect(r.value.notes.join('\n')).toContain('("Here are my orders:") read as a greeting or sign-off and skipped');
    expect(r.value.notes.join('\n')).toContain('read from the order block you edited in the quoted mail');
  });

  it('"Here are my orders:" above orders written outside the quote: skipped too', () => {
    const r = parse('Here are my orders:\nMOVE Home TO 0303\nEND');
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.value.orders.moves.get('Home')).toBeDefined();
  });

  it('a mistyped order above the quote is still refused, not skipped', () => {
    const r = parse(`Mrge Home R1\n\n${quoted('MOVE Home TO 0303')}`);
    expect(r.ok).toBe(false);
  });
});
