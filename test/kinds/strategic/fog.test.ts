/**
 * Whole campaigns played through the kind interface only (setup, parseSubmission
 * on generated order text, resolve, linked battles, reports), checking every
 * turn that no side's report or echoed orders show what rules-strategic.md §6
 * hides from it: enemy ship ids (and so designs), enemy fleets it does not see,
 * enemy counts it does not know, the enemy's store, production and moves.
 */
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import type { Campaign, CampaignEvent, SideOrders } from '../../../src/rules/strategic/types.ts';
import type { ResolveOutput, StoredTurnEvents } from '../../../src/kinds/kind.ts';
import { accepted, kind, linked, orderText, settings, sideName, started } from './support.ts';

const word = (id: string) => new RegExp(`(^|[^A-Za-z0-9])${id}([^A-Za-z0-9]|$)`, 'i');

interface Seen {
  /** Every ship and fleet id each side has had, over the whole campaign. */
  ships: Record<string, Set<string>>;
  fleets: Record<string, Set<string>>;
}

function note(c: Campaign, seen: Seen): void {
  for (const f of c.fleets) {
    (seen.fleets[f.side] ??= new Set()).add(f.id);
    for (const s of f.ships) (seen.ships[f.side] ??= new Set()).add(s.id);
  }
}

/** What the side may know of an enemy fleet now (§6): whether it sees it, and its count or null. */
function oracle(
  c: Campaign,
  side: string,
  last: readonly CampaignEvent[],
  id: string,
): { visible: boolean; count: number | null } {
  const fleet = c.fleets.find((f) => f.id === id);
  if (!fleet) return { visible: false, count: null };
  const fought = last.some(
    (e) => e.type === 'battle' && e.fleets.includes(id) && (e.attacker === side || e.defender === side),
  );
  const sensed = last.find((e) => e.type === 'sensor' && e.side === side && e.fleet === id);
  const count = fought ? fleet.ships.length : sensed?.type === 'sensor' ? sensed.ships : null;
  const visible = c.options.fog === 'positions' || fought || sensed !== undefined;
  return { visible, count };
}

/** The narrative's enemy lines, counted over a campaign: the scan above saw each kind of them. */
const TOLD: Record<string, RegExp> = {
  'a new contact': /, a new contact\.$/,
  'a contact seen moving': /: it moved there from \d{4}, where you saw it/,
  'a lost contact': /is no longer detected\.$/,
  'a battle won or lost': /^ {2}.*(you hold|holds|both sides stay at|nobody holds) \d{4}\.$/,
};
let told: Record<string, number> = {};

function checkReport(
  c: Campaign,
  side: string,
  history: readonly StoredTurnEvents[],
  seen: Seen,
  echoed: string,
): void {
  const enemy = c.sides.find((s) => s !== side)!;
  const view = kind.report({
    game: { id: 'c1', name: 'Campaign' },
    turn: c.turn,
    state: c,
    history,
    deadline: null,
    reader: { kind: 'seat', side, timeZone: 'UTC' },
    sideName,
    seedCommitment: null,
  });
  const last = (history.at(-1)?.events ?? []) as CampaignEvent[];
  const before = (history.at(-2)?.events ?? []) as CampaignEvent[];
  const sheets = (view.sheets ?? []).flatMap((s) => [s.title, ...s.lines]);
  // Everything but the narrative: it may name a contact the side's sensors lost this turn (below).
  const rest = [view.diagram, ...sheets, view.orderBlock ?? '', echoed].join('\n');
  const all = [...view.narrative, rest].join('\n');
  expect(view.sides).toEqual([]);
  expect(view.sheets?.map((s) => s.title)).toEqual([
    `Fleet Control Sheet: ${sideName(side)}`,
    `Production Control Sheet: ${sideName(side)}`,
    `Star Systems: ${sideName(side)}`,
  ]);
  // The systems table lists an enemy fleet only where the side sees it, with the count it knows.
  const systems = view.sheets!.at(-1)!.lines;
  for (const line of systems.filter((l) => /^\d{4} /.test(l))) {
    for (const m of line.matchAll(/(\S+) \((\d+|\?)\)/g)) {
      const known = oracle(c, side, last, m[1]!);
      expect(known.visible, line).toBe(true);
      expect(m[2] === '?' ? null : Number(m[2]), line).toBe(known.count);
    }
  }
  for (const line of [...view.diagram.split('\n'), ...(view.orderBlock ?? '').split('\n'), ...sheets])
    expect(line.length, line).toBeLessThanOrEqual(78);

  // Enemy ship ids — and with them their designs and losses by name — never appear.
  for (const id of seen.ships[enemy] ?? []) expect(all, `enemy ship ${id}`).not.toMatch(word(id));
  // The narrative names an enemy fleet only where the side's own sensors found it: this turn, or last turn for a
  // contact lost since; the rest of the report names only those the side sees now.
  const narrative = view.narrative.join('\n');
  const sensed = (events: readonly CampaignEvent[]) =>
    new Map(events.flatMap((e) => (e.type === 'sensor' && e.side === side ? [[e.fleet, e] as const] : [])));
  const now = sensed(last);
  const earlier = sensed(before);
  for (const id of seen.fleets[enemy] ?? []) {
    if (!now.has(id) && !earlier.has(id)) expect(narrative, `enemy fleet ${id} in the narrative`).not.toMatch(word(id));
    if (!oracle(c, side, last, id).visible) expect(rest, `unseen enemy fleet ${id}`).not.toMatch(word(id));
  }
  // Each contact told is one of the side's own, with the count and hex its sensors gave; each lost contact was
  // found last turn and not this one.
  for (const line of view.narrative) {
    const found = /^Sensors: your fleet \S+ detected \S+'s fleet (\S+) \((\d+) ships?\) at (\d{4})/.exec(line);
    if (found) {
      const e = now.get(found[1]!);
      expect(e, line).toBeDefined();
      expect([e!.ships, e!.hex], line).toEqual([Number(found[2]), found[3]]);
    }
    const lost = /^Sensors: \S+'s fleet (\S+), detected at \d{4} last turn, is no longer detected/.exec(line);
    if (lost) expect([earlier.has(lost[1]!), now.has(lost[1]!)], line).toEqual([true, false]);
    for (const [what, re] of Object.entries(TOLD)) if (re.test(line)) told[what] = (told[what] ?? 0) + 1;
  }
  // Enemy counts on the map's legend are exactly what the side knows.
  for (const line of view.diagram.split('\n')) {
    const m = /^[A-Z] (\S+) at \d{4}: (?:(\d+) ships?|number of ships unknown)/.exec(line);
    if (!m || !(seen.fleets[enemy] ?? new Set()).has(m[1]!)) continue;
    expect(m[2] === undefined ? null : Number(m[2]), line).toBe(oracle(c, side, last, m[1]!).count);
  }
  // Only the side's own store, production and moves.
  for (const m of all.matchAll(/Store: (\d+) BP/g)) expect(Number(m[1])).toBe(c.store[side]);
  const ownProduction = last.filter((e) => e.type === 'production' && e.side === side).length;
  expect(view.narrative.filter((l) => l.startsWith('Production:'))).toHaveLength(ownProduction);
  const ownMoves = last.filter((e) => e.type === 'move' && e.side === side).length;
  expect(view.narrative.filter((l) => / moved \d{4} to \d{4}/.test(l))).toHaveLength(ownMoves);
}

/** A finished tactical game for one battle, with each ship's fate drawn from the dice. */
function foughtOut(doc: unknown, index: number, dice: SeededDice): unknown {
  const setup = linked.setup(doc, index);
  const state = setup.defaultState as { ships: { status: string }[] };
  const fates = ['active', 'active', 'destroyed', 'destroyed', 'disengaged', 'active'];
  return linked.outcome(doc, index, {
    ...state,
    ships: state.ships.map((s) => ({ ...s, status: fates[dice.roll() - 1] })),
  });
}

function play(seed: string, s: unknown, turns: number) {
  let c = started(s);
  const history: StoredTurnEvents[] = [];
  const seen: Seen = { ships: {}, fleets: {} };
  const serial = { next: 10 };
  let over: ResolveOutput<unknown> | null = null;
  for (let t = 0; t < turns && !over; t++) {
    note(c, seen);
    const orders = new Map<string, SideOrders>();
    const echoed: Record<string, string> = {};
    for (const side of c.sides) {
      const at = { gameId: 'c1', turn: c.turn, side, state: c };
      const { orders: o } = accepted(orderText(c, side, 'c1', seed, serial), c, side, 'c1');
      echoed[side] = kind.formatOrders(o, at);
      // The echo parses back to the same orders; stored orders read back the same.
      const again = kind.parseSubmission(echoed[side], at);
      if (echoed[side].split('\n').length > 3) expect(again.ok && again.orders).toEqual(o);
      expect(kind.readOrders(JSON.parse(JSON.stringify(kind.writeOrders(o))))).toEqual(o);
      orders.set(side, o);
    }
    note(c, seen);
    for (const side of c.sides) checkReport(c, side, history, seen, echoed[side]!);
    expect(kind.readState(JSON.parse(JSON.stringify(kind.writeState(c))))).toEqual(c);

    const dice = SeededDice.fromSeed(`${seed}:${c.turn}`);
    const r = kind.resolve({ state: c, orders, missing: [], noOrders: 'standing', dice });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    let out = r.value;
    if (out.pending) {
      const outcomes = out.pending.battles.map((b) => foughtOut(out.pending!.document, b.index, dice));
      const done = linked.finish(out.pending.document, outcomes);
      if (!done.ok) throw new Error(JSON.stringify(done.error));
      out = done.value;
    }
    history.push({ number: c.turn, events: out.events });
    c = out.state;
    note(c, seen);
    if (out.gameOver) over = out;
  }
  for (const side of c.sides) if (!over) checkReport(c, side, history, seen, '');
  return { history, last: c, over };
}

const count = (history: readonly StoredTurnEvents[], type: string) =>
  history.reduce((t, h) => t + h.events.filter((e) => (e as { type: string }).type === type).length, 0);

describe('whole campaigns through the kind interface: "A side\'s report never names an enemy ship", names an enemy fleet only once its sensors found it, and shows nothing §6 hides', () => {
  it('fog positions, strategic battles', () => {
    told = {};
    const { history } = play('positions', settings(), 30);
    for (const what of Object.keys(TOLD)) expect(told[what], `the narratives told ${what}`).toBeGreaterThan(0);
    for (const type of ['production', 'build', 'move', 'sensor', 'battle', 'round', 'lost'])
      expect(count(history, type), type).toBeGreaterThan(0);
  });

  it('fog sensors, strategic battles, a turn limit', () => {
    const { history, over } = play(
      'sensors',
      settings({
        fog: 'sensors',
        turnLimit: 25,
        map: { kind: 'generated', width: 16, height: 12, systems: 12, seed: 's2' },
      }),
      30,
    );
    expect(count(history, 'battle')).toBeGreaterThan(0);
    expect(over).not.toBeNull();
  });

  it('tactical battles through linkedBattles, on a larger map than the page', () => {
    const { history } = play(
      'tactical',
      settings({
        battles: 'tactical',
        fog: 'sensors',
        map: { kind: 'generated', width: 24, height: 14, systems: 14, seed: 't' },
      }),
      40,
    );
    expect(count(history, 'battle-end')).toBeGreaterThan(0);
  });

  it('more seeds, fog positions', () => {
    for (const seed of ['a', 'b', 'c'])
      play(seed, settings({ map: { kind: 'generated', width: 10, height: 8, systems: 6, seed } }), 20);
  });
});
