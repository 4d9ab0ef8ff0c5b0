/** rules-strategic.md §11 and docs/adjudicator-campaign.md: the campaign adjudicator's contract. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adjudicateCampaign, checkCampaignDocument } from '../../src/adjudicator/campaign.ts';
import { campaignToJson, parseCampaignInput } from '../../src/adjudicator/campaign-json.ts';

type Doc = Record<string, any>;
const example = (name: string): Doc =>
  JSON.parse(readFileSync(new URL(`../../examples/${name}.json`, import.meta.url), 'utf8'));
const run = (doc: unknown) => adjudicateCampaign(JSON.stringify(doc));
const out = (doc: unknown) => run(doc).stdout as Doc;
const errorsOf = (doc: unknown) =>
  (out(doc) as { errors: Array<{ code: string; side?: string; fleet?: string; message: string }> }).errors;

/** A small two-fleet campaign: blue at home 0101, red at home 0806, a battle hex at 0403. */
const small = (more: Doc = {}): Doc => ({
  map: { width: 8, height: 6 },
  turn: 1,
  sides: ['blue', 'red'],
  systems: [
    { hex: '0101', home: 'blue', owner: 'blue', capturedTurn: 0, held: null },
    { hex: '0403', owner: null, capturedTurn: null, held: null },
    { hex: '0806', home: 'red', owner: 'red', capturedTurn: 0, held: null },
  ],
  store: { blue: 0, red: 0 },
  fleets: [
    {
      id: 'B1',
      side: 'blue',
      hex: '0403',
      ships: [{ id: 'b1', engine: 3, shields: 3, toHit: 3, weapons: ['F', 'FL', 'FR'] }],
    },
    {
      id: 'R1',
      side: 'red',
      hex: '0504',
      ships: [{ id: 'r1', engine: 3, shields: 3, toHit: 3, weapons: ['F', 'FL', 'FR'] }],
    },
  ],
  orders: { red: { move: { R1: '0403' } } },
  dice: [6, 1, 6, 1, 1, 1],
  ...more,
});

describe('§11 the campaign adjudicator', () => {
  it('resolves both examples with the names §11 gives', () => {
    for (const name of ['campaign-turn1', 'campaign-battle']) {
      const r = run(example(name));
      expect(r.exitCode).toBe(0);
      const o = r.stdout as Doc;
      expect(Object.keys(o)).toEqual(
        expect.arrayContaining([
          'fleets',
          'destroyed',
          'systems',
          'store',
          'initiative',
          'events',
          'winner',
          'diceUsed',
          'views',
          'battles',
        ]),
      );
      expect(Object.keys(o.views)).toEqual(['blue', 'red']);
      for (const v of Object.values<Doc>(o.views))
        expect(Object.keys(v)).toEqual(expect.arrayContaining(['fleets', 'systems', 'store', 'detected']));
    }
  });

  it('the battle example: red moves in and attacks, Scald is lost by its loss order, Main retreats after 2 rounds', () => {
    const o = out(example('campaign-battle'));
    expect(o.events).toContainEqual({
      type: 'battle',
      hex: '0908',
      attacker: 'red',
      defender: 'blue',
      fleets: ['Home', 'Main'],
    });
    expect(o.destroyed).toEqual(['Scald']);
    expect(o.events).toContainEqual({ type: 'retreat', side: 'red', fleet: 'Main', from: '0908', to: '1008' });
    expect(o.events).toContainEqual({ type: 'capture', hex: '0703', side: 'blue' });
    expect(o.diceUsed).toBe(19);
  });

  it('events carry hexes as CCRR and dice as lists of faces', () => {
    const o = out(small());
    expect(o.events).toContainEqual({
      type: 'round',
      hex: '0403',
      round: 1,
      attackerDice: [6],
      defenderSaves: [1],
      defenderDice: [],
      attackerSaves: [1],
      attackerLosses: 0,
      defenderLosses: 1,
    });
    expect(o.events).toContainEqual({ type: 'lost', side: 'blue', ship: 'b1', fleet: 'B1', hex: '0403' });
    expect(o.winner).toBe('red');
    expect(o.fleets).toEqual([expect.objectContaining({ id: 'R1', hex: '0403', retreat: 'never', lossOrder: [] })]);
  });

  it('exit 2 with every error as {side?, fleet?, code, message}, nothing resolved', () => {
    const r = run(small({ orders: { red: { move: { R1: 'N N N N N N' } }, blue: { move: { B9: 'S' } } } }));
    expect(r.exitCode).toBe(2);
    const errors = (r.stdout as Doc).errors;
    expect(errors).toEqual([
      { side: 'blue', fleet: 'B9', code: 'FLEET_UNKNOWN', message: expect.any(String) },
      { side: 'red', fleet: 'R1', code: 'MOVE_OFF_MAP', message: expect.any(String) },
    ]);
  });

  it('exit 3 when a scripted dice list runs out', () => {
    const r = run(small({ dice: [6, 1, 1] }));
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/ran out after 3 dice/);
  });

  it('a seed instead of dice: the same seed, the same result, and the state to continue from', () => {
    const doc = small({ seed: 'orion' });
    delete doc.dice;
    expect(out(doc)).toEqual(out(doc));
    expect(out(doc).diceState).toMatch(/^[0-9a-f]{32}$/);
    delete doc.seed;
    expect(errorsOf(doc)[0]!.code).toBe('NO_DICE');
  });

  it('moves are a path of directions or a destination; anything else is a coded error', () => {
    expect(out(small({ orders: { red: { move: { R1: 'nw' } } } })).fleets.find((f: Doc) => f.id === 'R1').hex).toBe(
      '0403',
    );
    expect(errorsOf(small({ orders: { red: { move: { R1: 'NW UP' } } } }))[0]).toMatchObject({
      code: 'MOVE_FORMAT',
      fleet: 'R1',
    });
  });

  it('transfers as {merge, into}, {ships, from, to} and {ships, from, as}; retreat orders as text', () => {
    const doc = small({
      fleets: [
        ...small().fleets,
        {
          id: 'R2',
          side: 'red',
          hex: '0504',
          ships: [{ id: 'r2', engine: 5, shields: 2, toHit: 1, weapons: ['F'] }],
          retreat: 'after 2',
        },
      ],
      orders: {
        red: {
          transfer: [
            { merge: 'R2', into: 'R1' },
            { ships: ['r2'], from: 'R1', as: 'R3' },
          ],
          retreat: { R1: 'below 50' },
        },
      },
      dice: [6, 1],
    });
    const o = out(doc);
    expect(o.fleets.map((f: Doc) => [f.id, f.ships.map((s: Doc) => s.id), f.retreat])).toEqual([
      ['B1', ['b1'], 'never'],
      ['R1', ['r1'], 'below 50'],
      // R3 splits off R1, after R2 merged into it, and keeps R1's standing retreat order of that moment.
      ['R3', ['r2'], 'never'],
    ]);
  });

  it('"with battles: tactical … the turn is then not finished — pending: true"; the same document with battleResults finishes it', () => {
    const doc = small({ options: { battles: 'tactical', fog: 'positions' }, dice: [6, 1] });
    const pending = out(doc);
    expect(pending.pending).toBe(true);
    expect(pending.battles).toEqual([{ hex: '0403', attacker: 'red', defender: 'blue', fleets: ['B1', 'R1'] }]);
    const finished = out({ ...doc, battleResults: [{ hex: '0403', destroyed: ['r1'], disengaged: [] }] });
    expect(finished.pending).toBe(false);
    expect(finished.destroyed).toEqual(['r1']);
    expect(finished.winner).toBe('blue');
    expect(
      errorsOf({ ...doc, battleResults: [{ hex: '0101', destroyed: [], disengaged: [] }] }).map((e) => e.code),
    ).toContain('BATTLE_RESULT');
  });

  it("each side's view holds only what §6 lets it see", () => {
    const o = out(example('campaign-battle'));
    const blue = JSON.stringify(o.views.blue);
    expect(blue).not.toContain('Ruin');
    expect(o.views.blue.store).toBe(o.store.blue);
    expect(o.views.blue).not.toHaveProperty('enemyStore');
  });

  it('hostile input never crashes: wrong types, huge numbers, unknown fields, broken JSON', () => {
    for (const doc of [
      null,
      [],
      'x',
      small({ map: { width: 1e9, height: 2 } }),
      small({ fleets: 'many' }),
      small({ extra: true }),
      small({ orders: { red: { move: { R1: 'N'.repeat(500) } } } }),
      small({ sides: ['a'] }),
      small({ store: { blue: -1, red: 0 } }),
      small({ fleets: [{ ...small().fleets[0], id: 'B1' }, { ...small().fleets[0] }] }),
    ]) {
      const r = run(doc);
      expect(r.exitCode).toBe(2);
      expect((r.stdout as Doc).errors.length).toBeGreaterThan(0);
    }
    expect(adjudicateCampaign('{"map":').exitCode).toBe(2);
  });

  it('a campaign written back as JSON reads as the same campaign', () => {
    const parsed = parseCampaignInput(example('campaign-battle'));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const again = parseCampaignInput(campaignToJson(parsed.value.campaign));
    expect(again.ok && again.value.campaign).toEqual(parsed.value.campaign);
  });
});

describe('msc campaign check', () => {
  it('accepts legal orders and lists every error in illegal ones', () => {
    expect(checkCampaignDocument(JSON.stringify(example('campaign-turn1')))).toEqual({
      exitCode: 0,
      stdout: { ok: true },
    });
    const bad = small({
      orders: {
        green: {},
        blue: { build: [{ ship: { id: 'n', engine: 1, shields: 1, toHit: 1, weapons: [] }, fleet: 'N' }] },
      },
    });
    const r = checkCampaignDocument(JSON.stringify(bad));
    expect(r.exitCode).toBe(2);
    expect((r.stdout as Doc).errors.map((e: Doc) => e.code)).toEqual(['SIDE_UNKNOWN', 'DESIGN_SIZE']);
  });
});

describe('every error listed with its side and fleet', () => {
  const badBuild = { build: [{ ship: { id: 'n', engine: 1, shields: 1, toHit: 1, weapons: [] }, fleet: 'N' }] };

  it('a retreat order that does not parse is one error among the others, with its side and fleet', () => {
    const doc = small({ orders: { red: { move: { R1: '0403' }, retreat: { R1: 'sometimes' } }, blue: badBuild } });
    for (const r of [run(doc), checkCampaignDocument(JSON.stringify(doc))]) {
      expect(r.exitCode).toBe(2);
      const errors = (r.stdout as Doc).errors as Doc[];
      expect(errors).toContainEqual(expect.objectContaining({ side: 'red', fleet: 'R1', code: 'RETREAT_VALUE' }));
      expect(errors).toContainEqual(expect.objectContaining({ side: 'blue', code: 'DESIGN_SIZE' }));
    }
  });

  it('a move that does not parse keeps its side and fleet, and hides nothing', () => {
    const doc = small({ orders: { red: { move: { R1: 'up up' } }, blue: badBuild } });
    expect(errorsOf(doc).map((e) => [e.side, e.fleet, e.code])).toEqual([
      ['red', 'R1', 'MOVE_FORMAT'],
      ['blue', undefined, 'DESIGN_SIZE'],
    ]);
  });
});

describe('keys of orders and store are sides', () => {
  const proto = (doc: Doc, field: 'orders' | 'store') =>
    JSON.stringify(doc).replace(`"${field}":{`, `"${field}":{"__proto__":{},`);

  it('"__proto__" as a side of the orders is an unknown side, not a turn resolved without it', () => {
    const text = proto(small({ orders: { red: { move: { R1: '0403' } } } }), 'orders');
    expect(text).toContain('"orders":{"__proto__":{}');
    for (const r of [adjudicateCampaign(text), checkCampaignDocument(text)]) {
      expect(r.exitCode).toBe(2);
      expect((r.stdout as Doc).errors).toContainEqual(
        expect.objectContaining({ side: '__proto__', code: 'SIDE_UNKNOWN' }),
      );
    }
  });

  it('the store holds only sides', () => {
    for (const text of [
      JSON.stringify(small({ store: { blue: 0, red: 0, green: 4 } })),
      proto(small(), 'store').replace('"__proto__":{}', '"__proto__":4'),
    ]) {
      const r = adjudicateCampaign(text);
      expect(r.exitCode).toBe(2);
      expect((r.stdout as Doc).errors[0]).toMatchObject({ code: 'SIDE_UNKNOWN' });
    }
  });

  it('"__proto__" as a fleet of a side\'s orders is an error, not an order dropped', () => {
    const text = JSON.stringify(small({ orders: { red: { move: { R1: '0403', P: 'N' } } } })).replace(
      '"P":',
      '"__proto__":',
    );
    const r = adjudicateCampaign(text);
    expect(r.exitCode).toBe(2);
    expect((r.stdout as Doc).errors).toContainEqual(
      expect.objectContaining({ side: 'red', fleet: '__proto__', code: 'FLEET_UNKNOWN' }),
    );
  });
});
