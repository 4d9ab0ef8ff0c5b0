/** The campaign orders language (docs/orders-campaign.md): every command, every problem on its line, round trips. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  campaignOrderBlock,
  formatCampaignOrders,
  parseCampaignSubmission,
} from '../../../src/orders/campaign/index.ts';
import { sideView } from '../../../src/rules/strategic/views.ts';
import type { Campaign, SideOrders } from '../../../src/rules/strategic/types.ts';
import { campaign, fleet, h, HEAVY, LINE, SCOUT, ship } from '../../rules/strategic/fixtures.ts';

/** Blue: Home (2 ships) at its home 0202, Scouts at 0505; red: R1 at 1909. */
const game = (): Campaign =>
  campaign({
    store: { blue: 20, red: 0 },
    fleets: [
      fleet({ id: 'Home', side: 'blue', hex: '0202', ships: [ship('Anvil', HEAVY), ship('Brand', LINE)] }),
      fleet({ id: 'Scouts', side: 'blue', hex: '0505', ships: [ship('Spark', SCOUT), ship('Flint', SCOUT)] }),
      fleet({ id: 'R1', side: 'red', hex: '1909', ships: [ship('r1')] }),
    ],
  });
const ctx = (c: Campaign = game()) => ({ gameId: 'orion-1', turn: 1, side: 'blue', campaign: c });
const parse = (text: string, c?: Campaign) => parseCampaignSubmission(text, ctx(c));
const ok = (text: string): SideOrders => {
  const r = parse(text);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value.orders;
};
const problems = (text: string) => {
  const r = parse(text);
  return r.ok ? [] : r.errors.map((e) => [e.line, e.code]);
};

describe('commands', () => {
  it('BUILD <ship> E<n> S<n> H<n> W <sides> [JOIN <fleet> | AS <fleet>]; without either, a new fleet named after the ship', () => {
    const o = ok(
      'BUILD Ember E5 S2 H1 W F AS Picket\nBUILD Cinder e3 s3 h3 w f,fl,fr join home\nBUILD Coal E4 S4 H2 W -\nEND',
    );
    expect(o.builds).toEqual([
      { ship: { id: 'Ember', ...SCOUT }, fleet: 'Picket' },
      { ship: { id: 'Cinder', ...LINE }, fleet: 'Home' },
      { ship: { id: 'Coal', engine: 4, shields: 4, toHit: 2, weapons: [] }, fleet: 'Coal' },
    ]);
  });

  it('MOVE <fleet> N NE … and MOVE <fleet> TO <CCRR>; fleet ids in any case', () => {
    const o = ok('MOVE scouts s se\nMOVE Home TO 0303');
    expect(o.moves).toEqual(
      new Map<string, unknown>([
        ['Scouts', { kind: 'path', path: ['S', 'SE'] }],
        ['Home', { kind: 'to', hex: h('0303') }],
      ]),
    );
  });

  it('MERGE A INTO B, TRANSFER s1 s2 FROM A TO B, SPLIT s1 s2 FROM A AS C — in the order given', () => {
    const c = game();
    const together: Campaign = {
      ...c,
      fleets: c.fleets.map((f) => (f.id === 'Scouts' ? { ...f, hex: h('0202') } : f)),
    };
    const r = parse(
      'SPLIT Brand FROM Home AS Line\nTRANSFER Spark FROM Scouts TO Home\nMERGE Scouts INTO Line',
      together,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.value.orders.transfers).toEqual([
      { kind: 'split', ships: ['Brand'], from: 'Home', as: 'Line' },
      { kind: 'transfer', ships: ['Spark'], from: 'Scouts', to: 'Home' },
      { kind: 'merge', fleet: 'Scouts', into: 'Line' },
    ]);
  });

  it('LOSSES <fleet> s3 s1 …, LOSSES <fleet> - clears; RETREAT <fleet> NEVER | AFTER n | BELOW p', () => {
    const o = ok('LOSSES Home Brand Anvil\nLOSSES Scouts -\nRETREAT Home BELOW 50%\nRETREAT Scouts AFTER 2');
    expect(o.lossOrders).toEqual(
      new Map([
        ['Home', ['Brand', 'Anvil']],
        ['Scouts', []],
      ]),
    );
    expect(o.retreats).toEqual(
      new Map<string, unknown>([
        ['Home', { kind: 'below', percent: 50 }],
        ['Scouts', { kind: 'after', rounds: 2 }],
      ]),
    );
  });

  it('shares the header, commands and MESSAGE with the tactical language', () => {
    const r = parse('Hi,\nGAME orion-1 TURN 1\nCONCEDE\nMESSAGE red\nWell played.\nEND');
    // A greeting before the first command is skipped, and said so; a word that is no command is still refused.
    expect(r.ok && r.value.notes).toEqual(['line 1 ("Hi,") read as a greeting or sign-off and skipped']);
    expect(parse('GAME orion-1 TURN 1\nxyzzy\nCONCEDE').ok).toBe(false);
    const clean = parse('GAME orion-1 TURN 1\nSTATUS\nMESSAGE red\nWell played.\nEND');
    expect(clean.ok && clean.value.commands).toEqual(['STATUS']);
    expect(clean.ok && clean.value.message).toEqual({ to: 'red', text: 'Well played.' });
    expect(problems('GAME orion-1 TURN 3\nMOVE Home S')).toEqual([[1, 'WRONG_TURN']]);
  });
});

describe('every problem on its line, with a code and what would be legal', () => {
  it('syntax', () => {
    expect(problems('BUILD Ember E5 S2 W F')).toEqual([[1, 'BUILD_FORMAT']]);
    expect(problems('BUILD Ember E5 S2 H1 F')).toEqual([[1, 'BUILD_FORMAT']]);
    expect(problems('BUILD Ember E5 S2 H1 W R')).toEqual([[1, 'DESIGN_WEAPON_SIDE']]);
    expect(problems('BUILD Em-ber E5 S2 H1 W F')).toEqual([[1, 'PIECE_ID']]);
    expect(problems('BUILD Ember E5 S2 H1 W F AS Pick et')).toEqual([[1, 'BUILD_FORMAT']]);
    expect(problems('MOVE Home UP')).toEqual([[1, 'MOVE_FORMAT']]);
    expect(problems('MOVE Home')).toEqual([[1, 'MOVE_FORMAT']]);
    expect(problems('MOVE Home TO 12')).toEqual([[1, 'MOVE_FORMAT']]);
    expect(problems('MOVE Home S\nMOVE Home N')).toEqual([[2, 'MOVE_TWICE']]);
    expect(problems('MERGE Home Scouts')).toEqual([[1, 'TRANSFER_FORMAT']]);
    expect(problems('SPLIT FROM Home AS X')).toEqual([[1, 'TRANSFER_FORMAT']]);
    expect(problems('LOSSES Home')).toEqual([[1, 'LOSSES_FORMAT']]);
    expect(problems('LOSSES Home Brand\nLOSSES Home Anvil')).toEqual([[2, 'LOSSES_TWICE']]);
    expect(problems('RETREAT Home SOON')).toEqual([[1, 'RETREAT_FORMAT']]);
    expect(problems('RETREAT Home NEVER\nRETREAT Home AFTER 1')).toEqual([[2, 'RETREAT_TWICE']]);
    const unknown = parse('BUILT Ember E5 S2 H1 W F');
    expect(!unknown.ok && unknown.errors[0]!.message).toMatch(/did you mean BUILD\?/);
  });

  it("against the side's own view: a fleet that is not yours, a path off the map or beyond reach, a design not 10/15/20 BP, a build the store can never pay for, a transfer between fleets in different hexes", () => {
    expect(problems('MOVE R1 N')).toEqual([[1, 'FLEET_UNKNOWN']]);
    expect(problems('\nMOVE Home N N N')).toEqual([[2, 'MOVE_OFF_MAP']]);
    expect(problems('MOVE Home S S S')).toEqual([[1, 'MOVE_TOO_FAR']]);
    expect(problems('MOVE Scouts TO 1909')).toEqual([[1, 'MOVE_TOO_FAR']]);
    expect(problems('MOVE Scouts TO 1515')).toEqual([[1, 'MOVE_OFF_MAP']]);
    expect(problems('BUILD Ember E5 S2 H2 W F')).toEqual([[1, 'DESIGN_SIZE']]);
    expect(problems('BUILD Ember E2 S5 H5 W F,FL,FR,RL AS Big\nBUILD Ember2 E2 S5 H5 W F,FL,FR,RL AS Big2')).toEqual(
      [],
    );
    const poor = { ...game(), store: { blue: 2, red: 0 } };
    expect(parseCampaignSubmission('BUILD Ember E5 S2 H1 W F', ctx(poor)).ok).toBe(false);
    expect(problems('MERGE Scouts INTO Home')).toEqual([[1, 'TRANSFER_HEX']]);
    expect(problems('BUILD Ember E5 S2 H1 W F JOIN Scouts')).toEqual([[1, 'BUILD_FLEET_NOT_HOME']]);
    expect(problems('LOSSES Home Spark')).toEqual([[1, 'LOSS_SHIP']]);
    expect(problems('RETREAT Home AFTER 0')).toEqual([[1, 'RETREAT_VALUE']]);
  });

  it('an enemy fleet is answered as an unknown one, and an empty text says what to write', () => {
    const enemy = parse('MOVE R1 N');
    const none = parse('MOVE R9 N');
    expect(!enemy.ok && !none.ok && enemy.errors[0]!.message.replace('R1', 'R9')).toBe(
      !none.ok && none.errors[0]!.message,
    );
    expect(problems('# nothing here')).toEqual([[null, 'EMPTY']]);
  });
});

describe('canonical printing and the order block', () => {
  it('the order block lists every fleet with its reach, and parses as it stands', () => {
    const c: Campaign = {
      ...game(),
      fleets: game().fleets.map((f) =>
        f.id === 'Home' ? { ...f, lossOrder: ['Brand'], retreat: { kind: 'below', percent: 50 } } : f,
      ),
    };
    const view = sideView(c, 'blue', {});
    const block = campaignOrderBlock(view, { gameId: 'orion-1', turn: 1 });
    expect(block).toContain('# Home at 0202: 2 ships (Anvil Brand), 35 BP, reach 2');
    expect(block).toContain('# Scouts at 0505: 2 ships (Spark Flint), 20 BP, reach 5');
    expect(block).toContain('# Store: 20 BP.');
    const r = parseCampaignSubmission(block, ctx(c));
    expect(r.ok && r.value.orders.lossOrders).toEqual(new Map([['Home', ['Brand']]]));
    expect(block.split('\n').every((l) => l.length <= 120)).toBe(true);
  });

  it('format then parse gives the same orders, whatever legal orders are printed (property)', () => {
    const dirs = fc.constantFrom('N', 'NE', 'SE', 'S', 'SW', 'NW');
    const orders = fc.record({
      home: fc.option(fc.array(dirs, { minLength: 1, maxLength: 2 })),
      scouts: fc.option(fc.array(dirs, { minLength: 1, maxLength: 3 })),
      build: fc.boolean(),
      losses: fc.boolean(),
      retreat: fc.option(fc.integer({ min: 1, max: 100 })),
    });
    fc.assert(
      fc.property(orders, (o) => {
        const lines = [
          o.build ? 'BUILD Ember E5 S2 H1 W F AS Picket' : '',
          o.home ? `MOVE Home ${o.home.join(' ')}` : '',
          o.scouts ? `MOVE Scouts ${o.scouts.join(' ')}` : '',
          o.losses ? 'LOSSES Home Brand Anvil' : '',
          o.retreat ? `RETREAT Scouts BELOW ${o.retreat}` : '',
        ].filter(Boolean);
        const first = parse(lines.join('\n') || 'LOSSES Home -');
        if (!first.ok) return; // a path that leaves the map: not a legal order to print
        const printed = formatCampaignOrders(first.value.orders, ctx());
        const again = parse(printed);
        expect(again.ok && again.value.orders).toEqual(first.value.orders);
        expect(formatCampaignOrders(again.ok ? again.value.orders : first.value.orders, ctx())).toBe(printed);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws, whatever the text (fuzz)', () => {
    const words = fc.constantFrom(
      'BUILD',
      'MOVE',
      'MERGE',
      'TRANSFER',
      'SPLIT',
      'LOSSES',
      'RETREAT',
      'FROM',
      'TO',
      'AS',
      'INTO',
      'JOIN',
      'W',
      'E3',
      'S3',
      'H3',
      'F,FL',
      'Home',
      'Scouts',
      'R1',
      'Brand',
      'N',
      'SE',
      '0303',
      '-',
      'AFTER',
      'BELOW',
      '50',
      'END',
      'MESSAGE',
      'red',
      '#',
    );
    const line = fc.array(fc.oneof(words, fc.string({ maxLength: 8 })), { maxLength: 8 }).map((ws) => ws.join(' '));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const r = parse(lines.join('\n'));
        if (!r.ok) for (const e of r.errors) expect(e.code).toMatch(/^[A-Z_]+$/);
      }),
      { numRuns: 500 },
    );
  });
});
