/**
 * Hidden elements through every channel (rules-mini-combat.md §9.3, §22.4): "what each side sees: its own units in
 * full; of the enemy only the elements it sees, and those destroyed or fled … Never hidden Scouts, submerged or
 * carried elements, Stealth elements beyond sight, enemy reserves or enemy orders."
 *
 * A battle full of hidden elements is played: each side has a hidden Scout unit, a Stealth unit far from any enemy,
 * paratroops in reserve, a submersible that dives in turn 1 and a rifle pair that boards a truck in turn 1, while
 * both sides' tanks close in and fight. After every turn each side's whole intake is scanned — every mail queued to
 * its player (text, HTML, subject, headers), every page its player can open (home, game page, archive and its turns,
 * export) and every API answer its seat token gets. The always-hidden units' ids, the enemy's orders and the dice
 * seed never appear while the battle runs; the diver's and the passengers' ids never appear in anything made after
 * they went under or aboard. The oracle is the setup itself (where each unit stands and what it is), not the views
 * under test; each side's own hidden units do appear in its own intake, so the scan is not blind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { games, outbox, turns } from '../../src/db/schema.ts';
import { createGame } from '../../src/games/games/create.ts';
import { HOUR } from '../../src/games/clock.ts';
import { resolveNextDueTurn } from '../../src/games/turns/resolution.ts';
import { submitText } from '../../src/games/turns/submit-text.ts';
import { startTestApp, type TestApp } from '../web/support.ts';
import { logIn, visitor, type Visitor } from '../web/pages-support.ts';
import { expectNothingForbidden, mailsSince, pagesSeen, type Forbidden } from '../support/intake.ts';

const ID = 'mcfog';
type Side = 'red' | 'blue';
const SIDES = ['red', 'blue'] as const;
const ENEMY: Record<Side, Side> = { red: 'blue', blue: 'red' };
const EMAIL: Record<Side, string> = { red: 'alice@pbem.test', blue: 'bob@pbem.test' };
/** Someone without a seat who observes the battle with the neutral view. */
const WATCHER = 'carol@watchers.test';

const DESIGNS = [
  'DESIGN Tank VEHICLE MV20 RG50 TH4 SV5 PW5 AR5 MO4',
  'DESIGN Scout INFANTRY MV15 RG20 TH4 SV5 PW1 AR1 MO3 SP Sc Rec',
  'DESIGN Stealthy INFANTRY MV10 RG30 TH4 SV6 PW2 AR2 MO4 SP St',
  'DESIGN Para INFANTRY MV10 RG20 TH4 SV6 PW2 AR2 MO3 SP DrpS',
  'DESIGN Diver VEHICLE MV10 RG20 TH4 SV5 PW2 AR2 MO4 SP Sub',
  'DESIGN Truck VEHICLE MV20 RG0 TH- SV6 PW1 AR3 MO4 SP T2',
  'DESIGN Rifle INFANTRY MV10 RG30 TH4 SV6 PW2 AR2 MO4',
];

/**
 * Red at the north edge, Blue at the south. The tanks fight down the middle; everything else stays far from every
 * enemy (no contact, nothing in its range): a Scout unit out on a flank, a Stealth unit in a far corner, paratroops
 * in reserve, a submersible in a pond and a truck with two riflemen in its hex.
 */
const SETUP: Record<Side, string[]> = {
  red: [
    'UNIT Rtank Tank*3 AT 1304 FACE S',
    'UNIT Lurkx Scout*2 AT 2412 FACE S',
    'UNIT Shadx Stealthy*2 AT 0101 FACE S',
    'UNIT Skyx Para*2 RESERVE',
    'UNIT Deepx Diver AT 2003 FACE S',
    'UNIT Trukx Truck AT 0803 FACE S',
    'UNIT Cargx Rifle*2 AT 0803 FACE S',
  ],
  blue: [
    'UNIT Btank Tank*3 AT 1233 FACE N',
    'UNIT Ghozt Scout*2 AT 0125 FACE N',
    'UNIT Veilz Stealthy*2 AT 2436 FACE N',
    'UNIT Rainz Para*2 RESERVE',
    'UNIT Eelz Diver AT 0534 FACE N',
    'UNIT Vanz Truck AT 1635 FACE N',
    'UNIT Loadz Rifle*2 AT 1635 FACE N',
  ],
};
/** Units the enemy never sees while the battle runs: hidden Scouts, Stealth beyond 5 hexes, reserves. */
const ALWAYS_HIDDEN: Record<Side, string[]> = { red: ['Lurkx', 'Shadx', 'Skyx'], blue: ['Ghozt', 'Veilz', 'Rainz'] };
/** Units the enemy sees at the start, and never again once they dive or board in turn 1. */
const HIDDEN_AFTER_TURN_1: Record<Side, string[]> = { red: ['Deepx', 'Cargx'], blue: ['Eelz', 'Loadz'] };
const TURN_1: Record<Side, string[]> = {
  red: ['UNIT Rtank MOVE S S S S', 'UNIT Deepx DIVE', 'UNIT Cargx EMBARK Trukx'],
  blue: ['UNIT Btank MOVE N N N N', 'UNIT Eelz DIVE', 'UNIT Loadz EMBARK Vanz'],
};
const LATER: Record<Side, string[]> = { red: ['UNIT Rtank MOVE S S S S'], blue: ['UNIT Btank MOVE N N N N'] };

/** A unit id or any of its elements' ids (the unit's id and a letter), as a word. */
const idOf = (unit: string) => new RegExp(`\\b${unit}[a-z]?\\b`, 'i');

interface Seen {
  readonly where: string;
  readonly text: string;
  /** Made after turn 1 resolved: what dived or boarded then is hidden in it. */
  readonly late: boolean;
}

describe('hidden elements in every channel of a Mini Combat battle', () => {
  let app: TestApp;
  let tokens: Record<Side, string>;
  const people: Partial<Record<Side, Visitor>> = {};
  let watcher: Visitor;
  let watcherMail = 0;
  const lastMail: Record<Side, number> = { red: 0, blue: 0 };
  const ordersSent: Record<Side, string[]> = { red: [], blue: [] };

  beforeAll(async () => {
    app = await startTestApp('pglite');
    watcher = visitor(app);
    for (const side of SIDES) {
      people[side] = visitor(app);
      await logIn(app, people[side], EMAIL[side]);
    }
  });
  afterAll(() => app.close());

  async function send(side: Side, turn: number, lines: readonly string[]) {
    const text = [`GAME ${ID} TURN ${turn}`, ...(turn === 0 ? DESIGNS : []), ...lines, 'END'].join('\n');
    const accepted = await submitText(app.ctx, { gameId: ID, token: tokens[side], text, channel: 'mail' });
    if (turn > 0)
      ordersSent[side].push(
        ...accepted.canonical
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => l.startsWith('UNIT ') && l.includes(' ', 5)),
      );
  }

  async function intake(side: Side, lastResolved: number): Promise<Seen[]> {
    const seen: Seen[] = [];
    const late = lastResolved >= 1;
    const mails = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, EMAIL[side]), gt(outbox.id, lastMail[side])))
      .orderBy(asc(outbox.id));
    for (const m of mails) {
      seen.push({
        where: `mail ${m.id} "${m.subject}"`,
        text: [m.subject, JSON.stringify(m.headers), m.textBody, m.htmlBody ?? ''].join('\n'),
        late,
      });
      lastMail[side] = m.id;
    }
    const person = people[side]!;
    const archiveTurns = Array.from({ length: lastResolved }, (_, i) => i + 1);
    const pages = [
      { path: '/', late },
      { path: `/games/${ID}`, late },
      { path: `/archive/${ID}`, late },
      // Turn n's page draws the battlefield before and after it: from turn 2 on, both after turn 1.
      ...archiveTurns.map((n) => ({ path: `/archive/${ID}/turn/${n}`, late: n >= 2 })),
      { path: `/archive/${ID}/export`, late: false },
    ];
    for (const { path, late: madeLate } of pages) {
      const page = await person.get(path);
      expect(page.status, `${side} GET ${path}`).toBeLessThan(500);
      if (path.includes('/turn/') || path.startsWith('/games/')) expect(page.status, `${side} GET ${path}`).toBe(200);
      seen.push({ where: `page ${path}`, text: page.text, late: madeLate });
    }
    for (const { path, late: madeLate } of [
      { path: '', late },
      { path: '/orders', late },
      { path: '/turns', late: false },
      { path: '/turns/1', late: false },
      { path: '/export', late: false },
    ]) {
      const answer = await app.call('GET', `/api/games/${ID}${path}`, { token: tokens[side] });
      expect(answer.status, `${side} GET /api/games/${ID}${path}`).toBeLessThan(500);
      seen.push({ where: `api /api/games/${ID}${path}`, text: answer.text, late: madeLate });
    }
    return seen;
  }

  /** What §9.3 hides from `side` appears nowhere in what it received; its own hidden units do. */
  async function hiddenStaysHidden(side: Side, lastResolved: number) {
    const enemy = ENEMY[side];
    const [game] = await app.database.db.select().from(games).where(eq(games.id, ID));
    const seen = await intake(side, lastResolved);
    const forbidden: { what: string; late: boolean; test: (text: string) => boolean }[] = [
      { what: 'the enemy seat token', late: false, test: (t) => t.includes(tokens[enemy]) },
      { what: 'the dice seed', late: false, test: (t) => t.includes(game!.seed) },
      ...ALWAYS_HIDDEN[enemy].map((u) => ({
        what: `hidden enemy unit ${u}`,
        late: false,
        test: (t: string) => idOf(u).test(t),
      })),
      ...HIDDEN_AFTER_TURN_1[enemy].map((u) => ({
        what: `enemy unit ${u} (under water or aboard)`,
        late: true,
        test: (t: string) => idOf(u).test(t),
      })),
      ...ordersSent[enemy].map((line) => ({
        what: `enemy order "${line}"`,
        late: false,
        test: (t: string) => t.includes(line),
      })),
    ];
    for (const item of seen)
      for (const f of forbidden)
        if (!f.late || item.late) expect(f.test(item.text), `${side} sees ${f.what} in ${item.where}`).toBe(false);
    // Not blind: the side's own hidden units are on its own game page.
    const own = seen.find((s) => s.where === `page /games/${ID}`)!.text;
    for (const u of [...ALWAYS_HIDDEN[side].filter((x) => !/^(Skyx|Rainz)$/.test(x)), ...HIDDEN_AFTER_TURN_1[side]])
      expect(idOf(u).test(own), `${side} sees its own ${u} on its page`).toBe(true);
  }

  /**
   * The observer's intake (its mails, its pages, the API as its session reads it) holds no hidden element of either
   * side, no order, no token and not the seed; the tanks every side sees are in its report.
   */
  async function observerSeesNothingHidden(lastResolved: number) {
    const [game] = await app.database.db.select().from(games).where(eq(games.id, ID));
    const late = lastResolved >= 1;
    const mails = await mailsSince(app.database.db, WATCHER, watcherMail);
    watcherMail = mails.last;
    const pages = await pagesSeen(
      watcher,
      ['/', `/games/${ID}`, `/games/${ID}/observe`, `/archive/${ID}`, `/archive/${ID}/export`],
      'the observer',
    );
    const cookie = [...watcher.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const answers: { where: string; text: string }[] = [];
    for (const path of ['', '/orders', '/turns', '/turns/1', '/export']) {
      const answer = await app.call('GET', `/api/games/${ID}${path}`, { anonymous: true, headers: { cookie } });
      expect(answer.status).toBeLessThan(500);
      answers.push({ where: `api /api/games/${ID}${path}`, text: answer.text });
    }
    const forbidden: Forbidden[] = [
      { what: 'the dice seed', test: (t) => t.includes(game!.seed) },
      ...SIDES.flatMap((side) => [
        { what: `the ${side} seat token`, test: (t: string) => t.includes(tokens[side]) },
        ...ALWAYS_HIDDEN[side].map((u) => ({ what: `hidden unit ${u}`, test: (t: string) => idOf(u).test(t) })),
        ...(late ? HIDDEN_AFTER_TURN_1[side] : []).map((u) => ({
          what: `unit ${u} (under water or aboard)`,
          test: (t: string) => idOf(u).test(t),
        })),
        ...ordersSent[side].map((line) => ({ what: `the order "${line}"`, test: (t: string) => t.includes(line) })),
      ]),
    ];
    expectNothingForbidden([...mails.seen, ...pages, ...answers], forbidden, 'the observer');
    // Not blind: the tanks, which every side sees, are on the observer's page once the battle is under way.
    if (late) expect(pages.find((p) => p.where.endsWith('/observe'))!.text).toMatch(idOf('Rtank'));
  }

  it('neither side reads the other’s hidden elements, orders or seed in any mail, page or API answer', async () => {
    const created = await createGame(
      app.ctx,
      {
        id: ID,
        name: 'Hidden battle',
        ruleset: 'mini-combat',
        settings: {
          battle: 'standard',
          points: 2000,
          turnLimit: 4,
          board: 'given',
          terrain: { '2003': 'water', '0534': 'water' },
          observers: 'allowed',
          observerView: 'neutral',
        },
        seats: [
          { side: 'red', email: EMAIL.red, name: 'Alice' },
          { side: 'blue', email: EMAIL.blue, name: 'Bob' },
        ],
      },
      'test',
      { moderatorEmail: 'mod@pbem.test' },
    );
    tokens = Object.fromEntries(created.seats.map((s) => [s.side, s.token])) as Record<Side, string>;
    // An observer with the neutral view: what every side sees alike.
    await logIn(app, watcher, WATCHER);
    await watcher.get(`/games/${ID}/observe`);
    expect((await watcher.post(`/games/${ID}/observe`)).status).toBe(303);
    for (const side of SIDES) await send(side, 0, SETUP[side]);
    expect(await resolveNextDueTurn(app.ctx)).toMatchObject({ gameId: ID, turn: 0 });
    for (const side of SIDES) await hiddenStaysHidden(side, 0);
    await observerSeesNothingHidden(0);

    let over = false;
    for (let turn = 1; turn <= 4 && !over; turn++) {
      for (const side of SIDES) await send(side, turn, turn === 1 ? TURN_1[side] : LATER[side]);
      const resolved = await resolveNextDueTurn(app.ctx);
      expect(resolved).toMatchObject({ gameId: ID, turn });
      over = resolved!.gameOver;
      if (!over) for (const side of SIDES) await hiddenStaysHidden(side, turn);
      if (!over) await observerSeesNothingHidden(turn);
      app.ctx.clock.advanceBy(HOUR);
    }
    // The battle was fought (the check above ran over attacks and losses), and the hidden stayed where they were.
    const events = (await app.database.db.select().from(turns).where(eq(turns.gameId, ID))).flatMap(
      (t) => (t.events ?? []) as { type: string; element?: string }[],
    );
    expect(events.filter((e) => e.type === 'attack').length, 'the tanks fought').toBeGreaterThan(0);
    expect(
      events.some((e) => e.type === 'dive'),
      'the divers went under',
    ).toBe(true);
    expect(
      events.some((e) => e.type === 'embark'),
      'the riflemen boarded',
    ).toBe(true);
    expect(
      events.some((e) => e.type === 'reveal'),
      'no hidden element was revealed',
    ).toBe(false);

    // Once it is over, the archive shows everything: the hidden units are there now.
    if (over) {
      const archive = await app.call('GET', `/api/games/${ID}/export`);
      expect(archive.status).toBe(200);
      expect(archive.text).toContain('Lurkx');
    }
  });
});
