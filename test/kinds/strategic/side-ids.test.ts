/**
 * Ids belong to a side, as the service plays a campaign (issue 24 item 1, issue 27 item 11): nothing a side names
 * can be refused later because the enemy has the id, the setups never rename, the views and the tactical battles
 * tell the two sides' pieces of one id apart.
 */
import { describe, expect, it } from 'vitest';
import type { SideContext } from '../../../src/kinds/kind.ts';
import { battleOutcome, battleSetup, finishBattles } from '../../../src/kinds/strategic/battles.ts';
import { viewOf } from '../../../src/kinds/strategic/view.ts';
import { campaignNarrative } from '../../../src/kinds/strategic/narrative.ts';
import { readCampaign, writeCampaign } from '../../../src/kinds/strategic/docs.ts';
import { ScriptedDice } from '../../../src/rules/dice.ts';
import { noOrders } from '../../../src/rules/strategic/check.ts';
import { readPosition } from '../../../src/kinds/tactical/index.ts';
import { positionToJson } from '../../../src/adjudicator/position-json.ts';
import type { Campaign, SideOrders } from '../../../src/rules/strategic/types.ts';
import { campaign, fleet, HEAVY, LINE, SCOUT, ship } from '../../rules/strategic/fixtures.ts';
import { kind, settings, setupPhase, sideName } from './support.ts';

const at = (c: Campaign, side: string): SideContext<Campaign> => ({ gameId: 'g1', turn: c.turn, side, state: c });

function parsed(c: Campaign, side: string, ...lines: string[]): SideOrders {
  const r = kind.parseSubmission([`GAME g1 TURN ${c.turn}`, ...lines, 'END'].join('\n'), at(c, side));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.orders;
}

function resolveOk(c: Campaign, given: Record<string, SideOrders>, dice = new ScriptedDice([6, 1])) {
  const r = kind.resolve({ state: c, orders: new Map(Object.entries(given)), missing: [], noOrders: 'standing', dice });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const sensors = { battles: 'strategic', fog: 'sensors', turnLimit: null } as const;
const parsedNone = (): SideOrders => noOrders();

describe('ids belong to a side', () => {
  it('a BUILD with an enemy ship id and a SPLIT with an undetected enemy fleet id are accepted and carried out: nothing is skipped, nothing tells the side the enemy has them', () => {
    const c = campaign({
      options: sensors,
      store: { blue: 30, red: 0 },
      fleets: [
        fleet({ id: 'B1', side: 'blue', hex: '0202', ships: [ship('b1'), ship('b2')] }),
        fleet({ id: 'Bzq2Hid', side: 'red', hex: '1909', ships: [ship('Rzs1')] }),
      ],
    });
    const o = parsed(
      c,
      'blue',
      'BUILD Rzs1 E5 S2 H1 W F JOIN B1',
      'SPLIT b2 Rzs1 FROM B1 AS Bzq2Hid',
      'MOVE Bzq2Hid S',
    );
    const r = resolveOk(c, { blue: o });
    expect(r.dropped).toEqual([]);
    expect(r.events.filter((e) => e.type === 'skipped')).toEqual([]);
    expect(r.state.fleets.map((f) => [f.side, f.id, f.ships.map((s) => s.id)])).toEqual([
      ['blue', 'B1', ['b1']],
      ['red', 'Bzq2Hid', ['Rzs1']],
      ['blue', 'Bzq2Hid', ['b2', 'Rzs1']],
    ]);
    const report = kind.report({
      game: { id: 'g1', name: 'G' },
      turn: 2,
      state: r.state,
      history: [{ number: 1, events: r.events }],
      deadline: null,
      reader: { kind: 'seat', side: 'blue', timeZone: 'UTC' },
      sideName,
      seedCommitment: null,
    });
    expect(JSON.stringify(report)).not.toMatch(/in use|skipped/i);
  });

  it("ID_IN_USE answers only for the side's own ids, letter case aside", () => {
    const c = campaign({ store: { blue: 30, red: 0 } });
    const r = kind.parseSubmission(
      'GAME g1 TURN 1\nBUILD n1 E5 S2 H1 W F AS r1\nBUILD N1 E5 S2 H1 W F AS X\nEND',
      at(c, 'blue'),
    );
    expect(!r.ok && r.errors.map((e) => [e.line, e.code])).toEqual([[3, 'ID_IN_USE']]);
  });

  it('the two setups may use the same ids: nobody is renamed, nobody is told anything', () => {
    const s = settings();
    const initial = setupPhase.initialState(s);
    if (!initial.ok) throw new Error('no campaign');
    const text = 'GAME c1 TURN 0\nBUILD S1 E3 S3 H3 W F,FL,FR AS F1\nEND';
    const setups = new Map(
      ['blue', 'red'].map((side) => {
        const p = setupPhase.parseSetup(text, { gameId: 'c1', side, state: initial.value, settings: s });
        if (!p.ok) throw new Error(JSON.stringify(p.errors));
        return [side, p.setup] as const;
      }),
    );
    const started = setupPhase.start(initial.value, setups, s);
    expect(started.state.fleets.map((f) => [f.side, f.id, f.ships.map((x) => x.id)])).toEqual([
      ['blue', 'F1', ['S1']],
      ['red', 'F1', ['S1']],
    ]);
    expect(started.notes).toEqual({ blue: [], red: [] });
  });

  it('a setup may not give one id twice, letter case aside', () => {
    const s = settings();
    const initial = setupPhase.initialState(s);
    if (!initial.ok) throw new Error('no campaign');
    const p = setupPhase.parseSetup(
      'GAME c1 TURN 0\nBUILD S1 E3 S3 H3 W F,FL,FR AS F1\nBUILD s1 E3 S3 H3 W F,FL,FR AS f2\nEND',
      { gameId: 'c1', side: 'blue', state: initial.value, settings: s },
    );
    expect(!p.ok && p.errors.map((e) => [e.line, e.code])).toEqual([[3, 'ID_IN_USE']]);
  });

  it("a battle against one enemy fleet does not show another enemy fleet that shares the id of one of the side's own", () => {
    const c = campaign({
      options: sensors,
      fleets: [
        fleet({ id: 'F1', side: 'blue', hex: '1005', ships: [ship('b1', HEAVY)] }),
        fleet({ id: 'G1', side: 'red', hex: '1005', ships: [ship('r1', SCOUT)] }),
        // Far from every blue fleet: blue never detects it.
        fleet({ id: 'F1', side: 'red', hex: '1909', ships: [ship('r2'), ship('r3')] }),
      ],
    });
    // Blue attacks with 1 die (6), red saves nothing: G1 is destroyed; red rolls nothing back, blue saves with 1 die.
    const r = resolveOk(c, {}, new ScriptedDice([6, 1, 6, 1]));
    const view = viewOf(r.state, 'blue', r.events as never);
    expect(view.detected).toEqual({ G1: 1 });
    expect(view.enemyFleets).toEqual([]);
  });

  it('a tactical battle between ships of the same ids: each has an id of its own in the battle, and comes back to its side', () => {
    const c = campaign({
      options: { battles: 'tactical', fog: 'positions', turnLimit: null },
      fleets: [
        fleet({ id: 'F1', side: 'blue', hex: '1005', ships: [ship('S1', LINE), ship('S2', LINE)] }),
        fleet({ id: 'F1', side: 'red', hex: '1005', ships: [ship('s1', LINE), ship('S3', LINE)] }),
      ],
    });
    const r = resolveOk(c, {});
    const pending = r.pending!.document;
    const setup = battleSetup(pending, 0);
    const ids = Object.values(setup.ships).flatMap((list) => list.map((s) => s.id.toUpperCase()));
    expect(new Set(ids).size).toBe(4);
    expect(setup.ships['blue']!.map((s) => s.id)).toEqual(['S1', 'S2']);
    expect(setup.ships['red']!.map((s) => s.id)).toEqual(['s12', 'S3']);
    expect(setup.renamed).toEqual({ blue: [], red: [{ id: 's1', battleId: 's12' }] });
    // Red's s1 (S12 in the battle) and blue's S2 are destroyed.
    const position = readPosition(setup.defaultState);
    const final = positionToJson({
      ...position,
      ships: position.ships.map((s) => (['s12', 'S2'].includes(s.id) ? { ...s, status: 'destroyed' as const } : s)),
    });
    const outcome = battleOutcome(pending, 0, final);
    const done = finishBattles(pending, [outcome]);
    if (!done.ok) throw new Error(JSON.stringify(done.error));
    expect(done.value.state.fleets.map((f) => [f.side, f.id, f.ships.map((s) => s.id)])).toEqual([
      ['blue', 'F1', ['S1']],
      ['red', 'F1', ['S3']],
    ]);
  });

  it("a build that today's check would refuse on submission, recorded by a game from before it, still resolves as it did: skipped because the store could not pay, not dropped", () => {
    // Before issue 27 a build was refused only if the store could not pay it with every system of the map producing:
    // 4 BP and 3 systems took a 10 BP ship, which the turn then skipped. Archived turns replay the same way.
    const c = campaign({ store: { blue: 4, red: 0 } });
    const build = { ship: ship('n1', SCOUT), fleet: 'N1' };
    const r = resolveOk(c, { blue: { ...parsedNone(), builds: [build] } });
    expect(r.dropped).toEqual([]);
    expect(r.events.filter((e) => e.type === 'build')).toEqual([
      { type: 'build', side: 'blue', ship: build.ship, fleet: 'N1', cost: 10, skipped: true },
    ]);
    expect(r.ordersUsed).toMatchObject({ blue: { build: [expect.objectContaining({ fleet: 'N1' })] } });
  });

  it("a campaign stored before ids belonged to a side keeps the game's ids, so that its turns replay as they were played: the later of two builds of one new id is skipped", () => {
    const stored = writeCampaign(campaign({ store: { blue: 30, red: 30 } })) as { options: Record<string, unknown> };
    delete stored.options['ids'];
    const old = readCampaign(stored);
    expect(old.options.ids).toBe('game');
    const twin = { ship: ship('twin', SCOUT), fleet: 'X' };
    const r = resolveOk(old, { blue: { ...noOrders(), builds: [twin] }, red: { ...noOrders(), builds: [twin] } });
    expect(r.events.filter((e) => e.type === 'skipped')).toEqual([
      {
        type: 'skipped',
        side: 'red',
        order: 'BUILD twin',
        reason: 'ship id "twin" is already in use in this game: choose another',
      },
    ]);
    // Written back as it was stored: no ids.
    expect((writeCampaign(r.state) as { options: object }).options).not.toHaveProperty('ids');
    // A campaign created now says its ids are its sides'.
    const s = settings();
    const created = setupPhase.initialState(s);
    expect(created.ok && (kind.writeState(created.value) as { options: object }).options).toMatchObject({
      ids: 'side',
    });
  });

  it("the whole turn, as a moderator reads it, says whose fleet a sensor found: the two sides' fleets may share an id", () => {
    const c = campaign({
      fleets: [
        fleet({ id: 'F1', side: 'blue', hex: '1005', ships: [ship('S1')] }),
        fleet({ id: 'F1', side: 'red', hex: '1007', ships: [ship('S1')] }),
      ],
    });
    const r = resolveOk(c, {});
    const told = campaignNarrative(r.events as never, null, sideName).join('\n');
    expect(told).toContain("Sensors: Blue's F1 detected Red's fleet F1 (1 ship) at 1007.");
  });
});
