/** The campaign's text map and record sheets (rules-strategic.md §6, §10): what a side's report shows of its empire. */
import { describe, expect, it } from 'vitest';
import { renderCampaignMap } from '../../src/reports/campaign-map.ts';
import { reachLines } from '../../src/kinds/strategic/report.ts';
import { fleetControlSheet, productionControlSheet } from '../../src/reports/campaign-sheets.ts';
import { sideView } from '../../src/rules/strategic/views.ts';
import type { Campaign } from '../../src/rules/strategic/types.ts';
import { campaign, fleet, HEAVY, LINE, resolved, SCOUT, ship, system } from '../rules/strategic/fixtures.ts';

const game = (more: Partial<Campaign> = {}): Campaign =>
  campaign({
    map: { width: 30, height: 20 },
    systems: [
      system('0202', { home: 'blue', owner: 'blue', capturedTurn: 0 }),
      system('0505', { owner: 'blue', capturedTurn: 2 }),
      system('0606'),
      system('2919', { home: 'red', owner: 'red', capturedTurn: 0 }),
    ],
    fleets: [
      fleet({
        id: 'Home',
        side: 'blue',
        hex: '0202',
        ships: [ship('Anvil', HEAVY), ship('Brand', LINE)],
        lossOrder: ['Brand'],
      }),
      fleet({
        id: 'Scouts',
        side: 'blue',
        hex: '0606',
        ships: [ship('Spark', SCOUT)],
        retreat: { kind: 'after', rounds: 1 },
      }),
      fleet({ id: 'Near', side: 'red', hex: '0707', ships: [ship('r1'), ship('r2')] }),
      fleet({ id: 'Far', side: 'red', hex: '2919', ships: [ship('r3')] }),
    ],
    ...more,
  });

describe('the text campaign map', () => {
  const view = sideView(game(), 'blue', { Near: 2 });
  const text = renderCampaignMap(view, { sides: ['blue', 'red'] });
  const lines = text.split('\n');

  it('"≤ 78 columns, rulers, crop stated"', () => {
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(78);
    expect(lines[0]).toMatch(/^ {3}01 {2}02/);
    expect(text).toContain('Showing columns 01-18, rows 01-20 of a 30x20 map');
    expect(text).toContain('of a 30x20 map');
    expect(text).not.toMatch(/[^\x20-\x7e\n]/);
  });

  it('systems with their owner and the homes; own fleets with id and ship count; enemy fleets with count or ?', () => {
    // Row 2, even column 02: blue's home (upper case) with 2 blue ships.
    expect(lines.find((l) => l.startsWith('02') && l.includes('BB2'))).toBeDefined();
    expect(text).toMatch(/b {3}/); // 0505: a system blue owns, no fleet
    expect(text).toContain('*B1'); // 0606: unowned system, one blue ship
    expect(text).toContain('R2'); // 0707: red ships detected
    expect(text).toContain('B Home at 0202: 2 ships, reach 2');
    expect(text).toContain('R Near at 0707: 2 ships');
    expect(text).toContain('R Far at 2919: number of ships unknown (outside the picture)');
  });

  it('an enemy fleet whose number is not known shows ?', () => {
    const unknown = renderCampaignMap(sideView(game(), 'blue', {}), { sides: ['blue', 'red'] });
    expect(unknown).toContain('R?');
    expect(unknown).toContain('R Near at 0707: number of ships unknown');
  });

  it("both sides in one hex show ! and the reader's own count", () => {
    const c = game({
      fleets: [
        fleet({ id: 'Home', side: 'blue', hex: '0707', ships: [ship('Anvil', HEAVY)] }),
        fleet({ id: 'Near', side: 'red', hex: '0707', ships: [ship('r1')] }),
      ],
    });
    expect(renderCampaignMap(sideView(c, 'blue', { Near: 1 }), { sides: ['blue', 'red'] })).toContain('.!1');
  });

  it('with fog "sensors" an undetected enemy fleet is not on the map at all', () => {
    const fogged = game({ options: { battles: 'strategic', fog: 'sensors', turnLimit: null } });
    const text2 = renderCampaignMap(sideView(fogged, 'blue', {}), { sides: ['blue', 'red'] });
    expect(text2).not.toContain('Near');
    expect(text2).not.toContain('R?');
  });

  it('a home its side has lost is not drawn as its own: the system shows its owner, as any other (issue 27 item 11)', () => {
    const lost = game({
      systems: [
        system('0202', { home: 'blue', owner: 'red', capturedTurn: 3 }),
        system('0505', { owner: 'blue', capturedTurn: 2 }),
        system('0606'),
        system('2919', { home: 'red', owner: 'red', capturedTurn: 0 }),
      ],
    });
    const lines = renderCampaignMap(sideView(lost, 'blue', {}), { sides: ['blue', 'red'] }).split('\n');
    const row2 = lines.filter((l) => l.startsWith('02'));
    expect(row2.some((l) => l.includes('rB2'))).toBe(true);
    expect(row2.some((l) => l.includes('BB2'))).toBe(false);
    const nobody = game({
      systems: [system('0202', { home: 'blue' }), system('2919', { home: 'red', owner: 'red', capturedTurn: 0 })],
    });
    const text = renderCampaignMap(sideView(nobody, 'blue', {}), { sides: ['blue', 'red'] });
    expect(text.split('\n').some((l) => l.startsWith('02') && l.includes('*B2'))).toBe(true);
    // The order block's reach lines say the home is lost, not that it is the side's.
    const near = game({
      systems: [
        system('0202', { home: 'blue', owner: 'red', capturedTurn: 3 }),
        system('2919', { home: 'red', owner: 'red', capturedTurn: 0 }),
      ],
      fleets: [
        fleet({ id: 'Scouts', side: 'blue', hex: '0404', ships: [ship('Spark', SCOUT)] }),
        fleet({ id: 'Far', side: 'red', hex: '2919', ships: [ship('r3')] }),
      ],
    });
    const reach = reachLines(sideView(near, 'blue', {}), 'Scouts').join(' ');
    expect(reach).toContain('0202, your home, held by the enemy');
  });
});

describe('the record sheets (§10)', () => {
  it('"Fleet Control Sheet (per fleet, per ship: id, offensive BP, defensive BP, ENGINE, BP)"', () => {
    const sheet = fleetControlSheet(game().fleets.filter((f) => f.side === 'blue'));
    expect(sheet[0]).toBe('Fleet Home at 0202: reach 2; retreat never; loss order Brand');
    expect(sheet).toContain('Anvil      13       5       2  20');
    expect(sheet).toContain('Brand       9       3       3  15');
    expect(sheet).toContain('Fleet Scouts at 0606: reach 5; retreat after 1 rounds; loss order none (cheapest first)');
  });

  it('"Production Control Sheet (per turn: BP produced, BP spent, running total, systems captured)"', () => {
    const c = game({ store: { blue: 12, red: 0 }, turn: 4 });
    const first = resolved(c, {
      blue: {
        builds: [{ ship: ship('Ember', SCOUT), fleet: 'Home' }],
        transfers: [],
        moves: new Map(),
        lossOrders: new Map(),
        retreats: new Map(),
        concede: false,
      },
    });
    const sheet = productionControlSheet('blue', [{ number: 4, events: first.events }]);
    expect(sheet[0]).toBe('Turn  Produced  Spent  Store  Captured');
    // 12 BP + 2 produced (home and 0505) − 10 spent = 4.
    expect(sheet[2]).toBe('   4         2     10      4  -');
    expect(productionControlSheet('blue', [])).toEqual(['No turn played yet.']);
    // The setup turn (turn 0) has no production: it is not a row, rather than a row of zeros beside a spent budget.
    expect(productionControlSheet('blue', [{ number: 0, events: [] }])).toEqual(['No turn played yet.']);
    expect(
      productionControlSheet('blue', [
        { number: 0, events: [] },
        { number: 4, events: first.events },
      ]).slice(2),
    ).toEqual(['   4         2     10      4  -']);
  });
});
