/**
 * docs/adjudicator.md and docs/adjudicator-campaign.md: whatever the input, the adjudicators answer exit 2 with
 * errors naming the field, or exit 3 when the dice run out — never a crash (exit 1) or a turn resolved from
 * something they did not read (exit 0) — in bounded time. Another kind's adjudicator command is one more row.
 */
import { readFileSync } from 'node:fs';
import {
  genericCases,
  hostileInputTable,
  withProtoKey,
  withValue,
  type AdjudicatorRow,
  type Doc,
  type HostileCase,
} from '../support/hostile-input.ts';

const example = (name: string): Doc =>
  JSON.parse(readFileSync(new URL(`../../examples/${name}.json`, import.meta.url), 'utf8')) as Doc;
const text = (doc: Doc) => () => JSON.stringify(doc);
const invalid = (field: RegExp) => ({ exit: 2, field }) as const;
const tiedDice = (doc: Doc): HostileCase => ({
  name: '20,000 dice all 3: initiative ties until the dice run out',
  text: text({ ...doc, dice: Array.from({ length: 20_000 }, () => 3) }),
  expect: { exit: 3 },
});

/** The tutorial duel: Black and Grey, one ship each, with orders and six dice. */
const duel = () => example('tutorial-duel');
const ships = (doc: Doc) => doc.ships as Doc[];

const tacticalCases = (valid: () => Doc): HostileCase[] => [
  {
    name: 'duplicated ship ids',
    text: text({ ...valid(), ships: [...ships(valid()), ships(valid())[0]] }),
    expect: invalid(/used twice/),
  },
  {
    name: 'orders for an unknown ship',
    text: text(withValue(valid(), 'orders.Zed', { speed: 1, move: '1' })),
    expect: invalid(/UNKNOWN_SHIP.*Zed/),
  },
  {
    name: 'fire at an unknown ship',
    text: text(withValue(valid(), 'orders.Black.fire', ['Zed'])),
    expect: invalid(/FIRE_UNKNOWN_SHIP/),
  },
  {
    name: '"__proto__" as a ship of the orders',
    text: () => withProtoKey(valid(), 'orders', { speed: 1 }),
    expect: invalid(/UNKNOWN_SHIP.*__proto__/),
  },
  {
    name: '"constructor" as a ship of the orders',
    text: text(withValue(valid(), 'orders.constructor', { speed: 1, move: '1' })),
    expect: invalid(/UNKNOWN_SHIP.*constructor/),
  },
  {
    name: 'an off-map hex',
    text: text(withValue(valid(), 'ships.0.hex', '9999')),
    expect: invalid(/hex 9999 is off the/),
  },
  {
    name: 'hex 0000',
    text: text(withValue(valid(), 'ships.0.hex', '0000')),
    expect: invalid(/INVALID_POSITION.*Black/),
  },
  {
    name: 'a ship of no side',
    text: text(withValue(valid(), 'ships.0.side', 'green')),
    expect: invalid(/green/),
  },
  {
    name: 'a solo side that is not a side',
    text: text({ ...valid(), solo: ['green'] }),
    expect: invalid(/solo/),
  },
  {
    name: 'a plot of 10,000 characters',
    text: text(withValue(valid(), 'orders.Black.move', 'L'.repeat(10_000))),
    expect: invalid(/orders\.Black\.move/),
  },
  {
    name: 'dice and seed both',
    text: text({ ...valid(), seed: 'x' }),
    expect: invalid(/dice or seed/),
  },
];

/** Blue at home 0101 and Red at home 0806, a fleet each, Red moving to the battle hex 0403. */
const campaign = (): Doc => ({
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
  dice: Array.from({ length: 200 }, (_, i) => (i % 6) + 1),
});
const fleets = (doc: Doc) => doc.fleets as Doc[];
const shipOf = (doc: Doc, fleet: number) => (fleets(doc)[fleet]!.ships as Doc[])[0]!;

const campaignCases = (valid: () => Doc): HostileCase[] => [
  {
    name: 'duplicated fleet ids',
    text: text({ ...valid(), fleets: [...fleets(valid()), { ...fleets(valid())[1], ships: [] }] }),
    expect: invalid(/R1/),
  },
  {
    // Ids belong to a side: a ship id twice in one side, letter case aside (the other side may use it too).
    name: 'duplicated ship ids',
    text: text({
      ...valid(),
      fleets: [...fleets(valid()), { ...fleets(valid())[1], id: 'R2', ships: [{ ...shipOf(valid(), 1), id: 'R1' }] }],
    }),
    expect: invalid(/ID_IN_USE.*R1/),
  },
  {
    name: 'a move for an unknown fleet',
    text: text(withValue(valid(), 'orders.red.move.Zed', 'N')),
    expect: invalid(/FLEET_UNKNOWN.*Zed/),
  },
  {
    name: 'an off-map fleet',
    text: text(withValue(valid(), 'fleets.0.hex', '9999')),
    expect: invalid(/FLEET_OFF_MAP|9999/),
  },
  {
    name: 'an off-map system',
    text: text(withValue(valid(), 'systems.1.hex', '0909')),
    expect: invalid(/SYSTEM_OFF_MAP/),
  },
  {
    name: 'a move off the map',
    text: text(withValue(valid(), 'orders.red.move.R1', '9999')),
    expect: invalid(/"side":"red","fleet":"R1"/),
  },
  {
    name: '"__proto__" as a side of the orders',
    text: () => withProtoKey(valid(), 'orders', { move: {} }),
    expect: invalid(/"side":"__proto__","code":"SIDE_UNKNOWN"/),
  },
  {
    name: '"__proto__" as a side of the store',
    text: () => withProtoKey(valid(), 'store', 5),
    expect: invalid(/"side":"__proto__","code":"SIDE_UNKNOWN"/),
  },
  {
    name: '"hasOwnProperty" as a side of the store',
    text: text(withValue(valid(), 'store.hasOwnProperty', 5)),
    expect: invalid(/"side":"hasOwnProperty","code":"SIDE_UNKNOWN"/),
  },
  {
    name: '"__proto__" as a fleet of the moves',
    text: () => withProtoKey(valid(), 'orders.red.move', 'N'),
    expect: invalid(/"side":"red","fleet":"__proto__","code":"FLEET_UNKNOWN"/),
  },
  {
    name: 'a retreat order that does not parse, among other errors',
    text: text(withValue(withValue(valid(), 'orders.red.retreat', { R1: 'sometimes' }), 'orders.red.move.Zed', 'N')),
    expect: invalid(/"side":"red","fleet":"R1","code":"RETREAT_VALUE"/),
  },
  {
    name: 'a store of 1e300 BP',
    text: text(withValue(valid(), 'store.blue', 1e300)),
    expect: invalid(/store\.blue/),
  },
  {
    name: '5,000 fleets',
    text: text({
      ...valid(),
      fleets: Array.from({ length: 5_000 }, (_, i) => ({ ...fleets(valid())[0], id: `F${i}` })),
    }),
    expect: invalid(/fleets/),
  },
];

/** The §23 sample battle: 17 units, both sides' turn-1 orders and its 12 dice. */
const mini = () => example('mini-combat-sample');
const units = (doc: Doc) => doc.units as Doc[];

const miniCases = (valid: () => Doc): HostileCase[] => [
  {
    name: 'duplicated unit ids',
    text: text({ ...valid(), units: [...units(valid()), units(valid())[0]] }),
    expect: invalid(/used twice/),
  },
  {
    name: 'orders for an unknown unit',
    text: text(withValue(valid(), 'orders.red', [{ unit: 'Zed' }])),
    expect: invalid(/"side":"red","unit":"Zed","code":"UNIT_UNKNOWN"/),
  },
  {
    name: '"__proto__" as a side of the orders',
    text: () => withProtoKey(valid(), 'orders', [{ unit: 'R1' }]),
    expect: invalid(/__proto__/),
  },
  {
    name: '"constructor" as a side of the orders',
    text: text(withValue(valid(), 'orders.constructor', [{ unit: 'R1' }])),
    expect: invalid(/"side":"constructor","code":"SIDE_UNKNOWN"/),
  },
  {
    name: 'an off-map hex',
    text: text(withValue(valid(), 'units.0.elements.0.hex', '9999')),
    expect: invalid(/units\[0\]\.elements\[0\]|9999/),
  },
  {
    name: 'a path of 10,000 characters',
    text: text(withValue(valid(), 'orders.red', [{ unit: 'R1', move: 'S '.repeat(5_000) }])),
    expect: invalid(/"code":"ORDER_FIELD".*orders\.red\[0\]\.move/),
  },
  {
    name: 'stats of 1e300',
    text: text(withValue(valid(), 'units.0.elements.0.power', 1e300)),
    expect: invalid(/units\[0\]\.elements\[0\]\.power/),
  },
  {
    name: '5,000 units',
    text: text({ ...valid(), units: Array.from({ length: 5_000 }, (_, i) => ({ ...units(valid())[0], id: `U${i}` })) }),
    expect: invalid(/units/),
  },
  {
    name: 'dice and seed both',
    text: text({ ...valid(), seed: 'x' }),
    expect: invalid(/not both/),
  },
];

// `check` and `campaign check` read their documents as `resolve` and `campaign resolve` do: the generic cases run
// once per kind, on the command that goes furthest with its input.
const rows: Record<string, AdjudicatorRow> = {
  resolve: { valid: duel, cases: (valid) => [...genericCases(valid), ...tacticalCases(valid), tiedDice(valid())] },
  check: { valid: duel, cases: tacticalCases },
  'campaign resolve': {
    valid: campaign,
    cases: (valid) => [...genericCases(valid), ...campaignCases(valid), tiedDice(valid())],
  },
  'campaign check': { valid: campaign, cases: campaignCases },
  'mini resolve': { valid: mini, cases: (valid) => [...genericCases(valid), ...miniCases(valid), tiedDice(valid())] },
};

hostileInputTable(rows);
