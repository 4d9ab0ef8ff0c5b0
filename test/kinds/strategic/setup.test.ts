/** The campaign's setup phase (rules-strategic.md §2; issue: creating a campaign). */
import { describe, expect, it } from 'vitest';
import {
  campaignSettingsSchema,
  defaultSetup,
  formatSetup,
  startCampaign,
  type CampaignSetup,
} from '../../../src/kinds/strategic/setup.ts';
import { shipCost } from '../../../src/rules/strategic/ships.ts';
import type { Campaign } from '../../../src/rules/strategic/types.ts';
import { kind, settings, setupPhase, SIDES } from './support.ts';

function initial(s: unknown = settings()): Campaign {
  const r = setupPhase.initialState(s);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const ctx = (side: string, s: unknown = settings()) => ({ gameId: 'c1', side, state: initial(s), settings: s });
const setupText = (...lines: string[]) => ['GAME c1 TURN 0', ...lines, 'END'].join('\n');

describe('campaign settings', () => {
  it('defaults: budget 150, strategic battles, fog positions, no turn limit, 72-hour turns, 12-turn tactical battles', () => {
    const s = campaignSettingsSchema.parse({
      sides: SIDES,
      map: { kind: 'generated', width: 20, height: 12, systems: 10, seed: 'x' },
    });
    expect(s).toMatchObject({
      budget: 150,
      battles: 'strategic',
      fog: 'positions',
      turnLimit: null,
      turnHours: 72,
      tacticalTurnLimit: 12,
    });
  });

  it('rejects what no campaign can be: one side twice, a map too small, an unknown field', () => {
    const base = { sides: SIDES, map: { kind: 'generated', width: 20, height: 12, systems: 10, seed: 'x' } };
    expect(campaignSettingsSchema.safeParse({ ...base, sides: [SIDES[0], SIDES[0]] }).success).toBe(false);
    expect(
      campaignSettingsSchema.safeParse({
        ...base,
        map: { kind: 'generated', width: 2, height: 2, systems: 2, seed: 'x' },
      }).success,
    ).toBe(false);
    expect(campaignSettingsSchema.safeParse({ ...base, fleets: [] }).success).toBe(false);
  });
});

describe('the campaign before setup', () => {
  it('a generated map: homes owned from the start, no fleets, empty stores, the options from the settings', () => {
    const c = initial(settings({ fog: 'sensors', turnLimit: 20 }));
    expect(c.turn).toBe(1);
    expect(c.sides).toEqual(['blue', 'red']);
    expect(c.fleets).toEqual([]);
    expect(c.store).toEqual({ blue: 0, red: 0 });
    expect(c.options).toEqual({ battles: 'strategic', fog: 'sensors', turnLimit: 20, ids: 'side' });
    expect(c.systems.filter((s) => s.home !== null).map((s) => [s.home, s.owner, s.capturedTurn])).toEqual([
      ['blue', 'blue', 0],
      ['red', 'red', 0],
    ]);
    // The same seed, the same map.
    expect(initial(settings()).systems).toEqual(initial(settings()).systems);
  });

  it('a given map is checked: each side needs exactly one home', () => {
    const given = (systems: unknown[]) => settings({ map: { kind: 'given', width: 10, height: 8, systems } as never });
    const ok = setupPhase.initialState(
      given([{ hex: '0202', home: 'blue', name: 'Sol' }, { hex: '0505' }, { hex: '0907', home: 'red' }]),
    );
    expect(ok.ok && ok.value.systems.map((s) => s.name)).toEqual(['Sol', null, null]);
    const bad = setupPhase.initialState(given([{ hex: '0202', home: 'blue' }, { hex: '0505' }]));
    expect(bad.ok).toBe(false);
    expect(setupPhase.initialState({ sides: SIDES }).ok).toBe(false);
  });
});

describe('a side’s setup', () => {
  it('BUILD lines form fleets at home and join them; the setup reads back as written', () => {
    const r = setupPhase.parseSetup(
      setupText(
        'BUILD a1 E3 S3 H3 W F,FL,FR AS Main',
        'BUILD a2 E5 S2 H1 W F JOIN Main',
        'BUILD a3 E2 S5 H5 W F,FL,FR,RL',
      ),
      ctx('blue'),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const setup = r.setup as CampaignSetup;
    expect(setup.builds.map((b) => [b.ship.id, b.fleet])).toEqual([
      ['a1', 'Main'],
      ['a2', 'Main'],
      ['a3', 'a3'],
    ]);
    expect(setupPhase.readSetup(JSON.parse(JSON.stringify(setupPhase.writeSetup(setup))))).toEqual(setup);
    const text = formatSetup(setup, { gameId: 'c1' });
    const again = setupPhase.parseSetup(text, ctx('blue'));
    expect(again.ok && again.setup).toEqual(setup);
  });

  it('"A side\'s setup is BUILD lines …; no other order; at least one ship; at most the budget in all": every problem on its line', () => {
    const s = settings({ budget: 30 });
    const r = setupPhase.parseSetup(
      setupText(
        'BUILD a1 E3 S3 H3 W F,FL,FR AS F1',
        'BUILD a2 E3 S3 H3 W F,FL,FR JOIN F1',
        'BUILD a3 E5 S2 H1 W F JOIN F1',
      ),
      ctx('blue', s),
    );
    expect(!r.ok && r.errors.map((e) => [e.line, e.code])).toEqual([[4, 'SETUP_OVER_BUDGET']]);
    const bad = setupPhase.parseSetup(setupText('BUILD a1 E3 S3 H3 W F AS F1'), ctx('blue'));
    expect(!bad.ok && bad.errors.map((e) => e.line)).toEqual([2]);
    const move = setupPhase.parseSetup(setupText('BUILD a1 E3 S3 H3 W F,FL,FR AS F1', 'MOVE F1 N'), ctx('blue'));
    expect(!move.ok && move.errors.map((e) => [e.line, e.code])).toEqual([[3, 'SETUP_BUILD_ONLY']]);
    // A mail of commands or a message only is no setup: nothing to store, the commands answered.
    const none = setupPhase.parseSetup('GAME c1 TURN 0\nMESSAGE red\nhello\nEND', ctx('blue'));
    expect(none.ok && { hasOrders: none.hasOrders, message: none.message }).toEqual({
      hasOrders: false,
      message: { to: 'red', text: 'hello' },
    });
    const help = setupPhase.parseSetup('GAME c1 TURN 0\nHELP\nCONCEDE\nEND', ctx('blue'));
    expect(help.ok && { hasOrders: help.hasOrders, commands: help.commands }).toEqual({
      hasOrders: false,
      commands: ['HELP', 'CONCEDE'],
    });
    const empty = setupPhase.parseSetup('GAME c1 TURN 0\nEND', ctx('blue'));
    expect(!empty.ok && empty.errors.map((e) => [e.code, e.message.split(':')[0]])).toEqual([
      ['EMPTY', 'no setup found'],
    ]);
  });

  it('"the default build: ships of 15 BP (ENGINE 3, SHIELDS 3, TO-HIT 3, weapons F FL FR) while the budget lasts, then one of 10 BP (ENGINE 5, SHIELDS 2, TO-HIT 1, weapon F) if 10 BP are left, in fleets of at most 20 ships named after the side"', () => {
    const cost = (s: CampaignSetup) => s.builds.reduce((t, b) => t + shipCost(b.ship), 0);
    expect(cost(defaultSetup('blue', 150))).toBe(150);
    expect(defaultSetup('blue', 150).builds).toHaveLength(10);
    expect(cost(defaultSetup('blue', 160))).toBe(160);
    expect(cost(defaultSetup('blue', 155))).toBe(150);
    const big = defaultSetup('dark-blue', 600);
    expect(new Set(big.builds.map((b) => b.fleet))).toEqual(new Set(['DARKBLUF1', 'DARKBLUF2']));
    expect(big.builds[0]!.ship.id).toBe('DARKBLU1');
  });

  it('the setup block carries the budget, the home and the default build, within 78 columns, and parses as it is', () => {
    const at = ctx('red');
    const block = setupPhase.setupBlock(at);
    for (const line of block.split('\n')) expect(line.length, line).toBeLessThanOrEqual(78);
    expect(block).toMatch(/^GAME c1 TURN 0\n# Setup: your starting ships, 150 BP in all, at your home \d{4}/);
    const r = setupPhase.parseSetup(block, at);
    expect(r.ok && r.setup).toEqual(setupPhase.defaultSetup(at));
    const mine: CampaignSetup = {
      builds: [{ ship: { id: 'x', engine: 5, shields: 2, toHit: 1, weapons: ['F'] }, fleet: 'X' }],
    };
    expect(setupPhase.setupBlock(at, mine)).toContain('BUILD x E5 S2 H1 W F AS X');
  });
});

describe('the campaign turn 1 starts from', () => {
  it('each side’s ships at its home in its fleets, the rest of the budget in its store; a side without a setup gets the default', () => {
    const s = settings();
    const c = initial(s);
    const blue = setupPhase.parseSetup(setupText('BUILD a1 E3 S3 H3 W F,FL,FR AS Main'), ctx('blue', s));
    if (!blue.ok) throw new Error('setup');
    const { state, notes } = setupPhase.start(c, new Map([['blue', blue.setup]]), s);
    const started = state;
    expect(started.store).toEqual({ blue: 135, red: 0 });
    const home = (side: string) => c.systems.find((x) => x.home === side)!.hex;
    expect(started.fleets.map((f) => [f.id, f.side, f.hex])).toEqual([
      ['Main', 'blue', home('blue')],
      ['REDF1', 'red', home('red')],
    ]);
    expect(notes).toEqual({ blue: [], red: [] });
    expect(kind.readState(kind.writeState(started))).toEqual(started);
  });

  it('"Ids belong to a side, so the two setups never clash"; a setup kept from before with an id twice, letter case aside, has the later one renamed, and only its side is told', () => {
    const s = settings();
    const c = initial(s);
    const line = { engine: 3, shields: 3, toHit: 3, weapons: ['F', 'FL', 'FR'] as const };
    const { state, notes } = startCampaign(
      c,
      new Map<string, CampaignSetup>([
        ['blue', { builds: [{ ship: { id: 'S1', ...line, weapons: [...line.weapons] }, fleet: 'F1' }] }],
        [
          'red',
          {
            builds: [
              { ship: { id: 'S1', ...line, weapons: [...line.weapons] }, fleet: 'F1' },
              { ship: { id: 's1', ...line, weapons: [...line.weapons] }, fleet: 'f1' },
            ],
          },
        ],
      ]),
      s,
    );
    expect(state.fleets.map((f) => [f.side, f.id, f.ships.map((x) => x.id)])).toEqual([
      ['blue', 'F1', ['S1']],
      ['red', 'F1', ['S1']],
      ['red', 'f12', ['s12']],
    ]);
    expect(notes['blue']).toEqual([]);
    expect(notes['red']).toEqual([
      'Ship s1 is called s12: you gave its id twice.',
      'Fleet f1 is called f12: you gave its id twice.',
    ]);
  });
});
