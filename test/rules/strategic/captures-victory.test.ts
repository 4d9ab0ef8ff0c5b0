/** rules-strategic.md §6 (captures and loss of control) and §9 (victory). */
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import { resolveCampaignTurn } from '../../../src/rules/strategic/resolve.ts';
import { campaign, eventsOf, fleet, HEAVY, LINE, orders, resolved, SCOUT, ship, system } from './fixtures.ts';

const homes = [
  system('0202', { home: 'blue', owner: 'blue', capturedTurn: 0 }),
  system('1909', { home: 'red', owner: 'red', capturedTurn: 0 }),
];

describe('§6 captures', () => {
  const blueAt1005 = (held: string | null, owner: string | null = null) =>
    campaign({
      turn: 3,
      systems: [homes[0]!, system('1005', { held, owner, capturedTurn: owner === null ? null : 1 }), homes[1]!],
      fleets: [
        fleet({ id: 'B1', side: 'blue', hex: '1005', ships: [ship('b1')] }),
        fleet({ id: 'R1', side: 'red', hex: '1909', ships: [ship('r1')] }),
      ],
    });

  it('"a side captures a system when it alone has a fleet there at the end of two consecutive turns … The system then belongs to it from that turn"', () => {
    const first = resolved(blueAt1005(null));
    expect(eventsOf(first, 'capture')).toEqual([]);
    expect(first.campaign.systems[1]).toMatchObject({ held: 'blue', owner: null });
    const second = resolved(first.campaign);
    expect(eventsOf(second, 'capture')).toEqual([{ type: 'capture', hex: '1005', side: 'blue' }]);
    expect(second.campaign.systems[1]).toMatchObject({ owner: 'blue', capturedTurn: 4, held: 'blue' });
  });

  it('"held: the side that alone had a fleet there at the end of the last turn, or none" — leaving resets it', () => {
    const left = resolved(blueAt1005('blue'), {
      blue: orders({ moves: new Map([['B1', { kind: 'path', path: ['N'] }]]) }),
    });
    expect(left.campaign.systems[1]).toMatchObject({ held: null, owner: null });
  });

  it('"A captured system is lost — owned by nobody — at the end of any turn in which an enemy fleet is there"', () => {
    const c = campaign({
      turn: 6,
      systems: [homes[0]!, system('1005', { owner: 'blue', capturedTurn: 2, held: null }), homes[1]!],
      fleets: [
        fleet({ id: 'B1', side: 'blue', hex: '0202', ships: [ship('b1')] }),
        fleet({ id: 'R1', side: 'red', hex: '1006', ships: [ship('r1', SCOUT)] }),
      ],
    });
    const r = resolved(c, { red: orders({ moves: new Map([['R1', { kind: 'path', path: ['N'] }]]) }) });
    expect(eventsOf(r, 'loss-of-control')).toEqual([{ type: 'loss-of-control', hex: '1005', side: 'blue' }]);
    expect(r.campaign.systems[1]).toMatchObject({ owner: null, capturedTurn: null, held: 'red' });
    // "the enemy must hold it alone for two consecutive turn ends to capture it in turn"
    expect(eventsOf(r, 'capture')).toEqual([]);
    expect(eventsOf(resolved(r.campaign), 'capture')).toEqual([{ type: 'capture', hex: '1005', side: 'red' }]);
  });

  it('a system shared by both sides at the end of a turn is held by nobody, and its owner loses it', () => {
    const c = campaign({
      systems: [homes[0]!, system('1005', { owner: 'blue', capturedTurn: 0, held: 'blue' }), homes[1]!],
      fleets: [
        fleet({ id: 'B1', side: 'blue', hex: '1005', ships: [ship('b1', SCOUT)] }),
        fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', SCOUT)] }),
      ],
    });
    const r = resolved(c);
    expect(r.campaign.systems[1]).toMatchObject({ owner: null, held: null });
  });
});

describe('§9 victory', () => {
  it('"a side loses when it has no ships left"', () => {
    const c = campaign({
      fleets: [
        fleet({ id: 'B1', side: 'blue', hex: '1005', ships: [ship('b1', HEAVY)] }),
        fleet({ id: 'R1', side: 'red', hex: '1005', ships: [ship('r1', SCOUT)] }),
      ],
    });
    const r = resolved(c, {}, [6, 1, 6, 1]);
    expect(r.winner).toBe('blue');
    expect(r.gameOver).toBe(true);
    expect(eventsOf(r, 'game-over')).toEqual([{ type: 'game-over', winner: 'blue', reason: 'no-ships' }]);
  });

  it('"or when an enemy fleet is at its home system and none of its own is"', () => {
    const c = campaign({
      fleets: [
        fleet({ id: 'B1', side: 'blue', hex: '1908', ships: [ship('b1', SCOUT)] }),
        fleet({ id: 'R1', side: 'red', hex: '0505', ships: [ship('r1', SCOUT)] }),
      ],
    });
    const r = resolved(c, { blue: orders({ moves: new Map([['B1', { kind: 'to', hex: { col: 19, row: 9 } }]]) }) });
    expect(r.winner).toBe('blue');
    expect(eventsOf(r, 'game-over')[0]).toMatchObject({ reason: 'home-occupied' });
  });

  it('"if both lose in the same turn, it is a draw"', () => {
    const c = campaign({
      fleets: [
        fleet({ id: 'B1', side: 'blue', hex: '1908', ships: [ship('b1', SCOUT)] }),
        fleet({ id: 'R1', side: 'red', hex: '0203', ships: [ship('r1', SCOUT)] }),
      ],
    });
    const r = resolved(c, {
      blue: orders({ moves: new Map([['B1', { kind: 'path', path: ['S'] }]]) }),
      red: orders({ moves: new Map([['R1', { kind: 'path', path: ['N'] }]]) }),
    });
    expect(r.winner).toBe('draw');
    expect(eventsOf(r, 'game-over')[0]).toMatchObject({ reason: 'both-lost' });
  });

  it('"A side may concede at any time": the turn is not played and the other side wins', () => {
    const r = resolved(campaign(), { red: orders({ concede: true }) }, []);
    expect(r.events).toEqual([
      { type: 'conceded', side: 'red' },
      { type: 'game-over', winner: 'blue', reason: 'conceded' },
    ]);
    expect(r.campaign.conceded).toEqual(['red']);
    const again = resolveCampaignTurn(r.campaign, {}, new ScriptedDice([6, 1]));
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error[0]!.code).toBe('CAMPAIGN_OVER');
  });

  it('"at its end the side with more ships\' BP wins, equal is a draw"', () => {
    const limited = (blueShips: ReturnType<typeof ship>[]) =>
      campaign({
        turn: 10,
        options: { battles: 'strategic', fog: 'positions', turnLimit: 10 },
        fleets: [
          fleet({ id: 'B1', side: 'blue', hex: '0202', ships: blueShips }),
          fleet({ id: 'R1', side: 'red', hex: '1909', ships: [ship('r1', LINE), ship('r2', SCOUT)] }),
        ],
      });
    expect(resolved(limited([ship('b1', HEAVY), ship('b2', SCOUT)])).winner).toBe('blue');
    expect(resolved(limited([ship('b1', HEAVY)])).winner).toBe('red');
    const draw = resolved(limited([ship('b1', LINE), ship('b2', SCOUT)]));
    expect(draw.winner).toBe('draw');
    expect(eventsOf(draw, 'game-over')[0]).toMatchObject({ reason: 'turn-limit' });
    // Before the limit the campaign goes on.
    expect(resolved({ ...limited([ship('b1', HEAVY)]), turn: 9 }).gameOver).toBe(false);
  });
});
