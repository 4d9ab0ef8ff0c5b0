/**
 * A strategic campaign played to its end purely by mail, over real mail
 * servers: Dovecot (IMAP) and OpenSMTPD (SMTP) on loopback, started by
 * test/services/mail-up.sh. The moderator creates it on the API; Alice (Red)
 * and Bob (Blue) read every mail in their own IMAP inbox and answer it as a
 * mail client does: a reply to its Reply-To, the mail quoted below. Alice
 * writes her orders above the quote; Bob edits the order block where it
 * stands in the quote.
 *
 * rules-strategic.md §6: "of an enemy fleet it sees its ship count only while
 * it is detected (sensors this turn) or after fighting it (the count at the
 * end of that battle), and never its ship designs, nor the enemy's BP store or
 * orders. … Reports and web pages show each side only its own view", so every
 * mail one side receives, text and HTML, is scanned for what only the other
 * side knows: its fleet and ship ids, its designs, its sheets and its store.
 *
 * §10: "The seed's Fleet Control Sheet … and Production Control Sheet … are
 * what each side's turn report shows of its own empire, every turn, besides
 * the map and the turn's events as that side saw them."
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distance, formatHex, neighbour, parseHex } from '../../src/rules/hex.ts';
import { DIRECTIONS, type Hex } from '../../src/rules/types.ts';
import type { RunningServer } from '../../src/server/main.ts';
import { startSession } from '../../src/games/logins/sessions.ts';
import {
  mailServersUp,
  reply,
  mailTable,
  type Inbox,
  type MailTable,
  type Player,
  type ReceivedMail,
} from './support.ts';

const up = await mailServersUp('the end-to-end mail campaign');

/** What each side builds and calls its pieces: ids and designs the other side must never read. */
const RED = {
  side: 'red',
  name: 'Red League',
  fleets: ['Pyre', 'Flare'],
  ships: ['Ember', 'Cinder', 'Spark'],
  designs: ['E4 S2 H3', 'E5 S1 H2'],
  setup: [
    'BUILD Ember E4 S2 H3 W F,FL,FR AS Pyre',
    'BUILD Cinder E4 S2 H3 W F,FL,FR JOIN Pyre',
    'BUILD Spark E5 S1 H2 W F AS Flare',
  ],
} as const;
const BLUE = {
  side: 'blue',
  name: 'Blue Union',
  fleets: ['Ocean', 'Reef'],
  ships: ['Tide', 'Foam', 'Shoal'],
  designs: ['E2 S4 H3', 'E4 S3 H1'],
  // 25 BP of the 40: the other 15 go into the store, and pay for a ship in turn 1.
  setup: ['BUILD Tide E2 S4 H3 W F,FL,FR AS Ocean', 'BUILD Foam E4 S3 H1 W F AS Reef'],
} as const;
type SideInfo = typeof RED | typeof BLUE;

/** The order block of a report or setup mail: the GAME line to END. */
function orderBlock(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const start = lines.findIndex((l) => /^GAME \S+ TURN \d+$/.test(l));
  const end = lines.indexOf('END', start);
  expect(start, text).toBeGreaterThanOrEqual(0);
  expect(end, text).toBeGreaterThan(start);
  return lines.slice(start, end + 1);
}

interface BlockFleet {
  readonly id: string;
  readonly hex: Hex;
  readonly ships: string[];
  readonly reach: number;
}

/** The fleets an order block lists: `# Pyre at 0202: 2 ships (Ember Cinder), 30 BP, reach 4`. */
function blockFleets(block: readonly string[]): BlockFleet[] {
  return block.flatMap((l) => {
    const m = /^# (\S+) at (\d{4}): \d+ ships? \(([^)]*)\), \d+ BP, reach (\d+)/.exec(l);
    if (!m) return [];
    const at = parseHex(m[2]!);
    return at.ok ? [{ id: m[1]!, hex: at.value, ships: m[3]!.split(' '), reach: Number(m[4]) }] : [];
  });
}

const storeOf = (block: readonly string[]) => Number(/^# Store: (\d+) BP/m.exec(block.join('\n'))?.[1] ?? NaN);

/** Directions a fleet takes toward `to`, at most `reach` steps, each one nearer. */
function pathToward(from: Hex, to: Hex, reach: number): string[] {
  const path: string[] = [];
  let at = from;
  while (path.length < reach && distance(at, to) > 0) {
    const step = DIRECTIONS.map((d) => ({ d, h: neighbour(at, d) })).sort(
      (a, b) => distance(a.h, to) - distance(b.h, to),
    )[0]!;
    path.push(step.d);
    at = step.h;
  }
  return path;
}

/**
 * A reply as a mail client writes it when its user edits the quoted mail: nothing above the quote but the
 * signature, the order block in the quote changed by `edit`.
 */
async function replyInQuote(player: Player, to: ReceivedMail, edit: (block: string[]) => string[]): Promise<void> {
  const lines = to.text.replace(/\r\n?/g, '\n').split('\n');
  const block = orderBlock(to.text);
  const start = lines.indexOf(block[0]!);
  const edited = [...lines.slice(0, start), ...edit(block), ...lines.slice(start + block.length)];
  await reply(player, { ...to, text: edited.join('\n') }, '');
}

describe.skipIf(!up)('a strategic campaign played by mail, over IMAP and SMTP', () => {
  let table: MailTable;
  let server: RunningServer;
  let aliceInbox: Inbox;
  let bobInbox: Inbox;
  let alice: Player;
  let bob: Player;

  beforeAll(async () => {
    table = await mailTable(200_000);
    ({ server, alice, bob, aliceInbox, bobInbox } = table);
  }, 240_000);

  afterAll(() => table?.close());

  /**
   * A campaign on a generated 12 × 10 map, 40 BP a side, battles fought by the strategic rules: the moderator, logged
   * in on the web, creates it, and each player joins by replying to the invitation.
   */
  async function createCampaign(gameId: string, turnLimit: number): Promise<void> {
    const session = await startSession(server.ctx, 'moderator@pbem.test');
    const response = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `msc_session=${session.id}` },
      body: JSON.stringify({
        id: gameId,
        name: 'Campaign by mail',
        ruleset: 'msc-strategic',
        settings: {
          sides: [
            { id: RED.side, name: RED.name },
            { id: BLUE.side, name: BLUE.name },
          ],
          map: { kind: 'generated', width: 12, height: 10, systems: 6, seed: 'by-mail' },
          budget: 40,
          battles: 'strategic',
          turnLimit,
        },
        seats: [
          { side: RED.side, email: alice.address, name: 'Alice' },
          { side: BLUE.side, email: bob.address, name: 'Bob' },
        ],
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const invitations = await Promise.all([
      aliceInbox.waitFor({ subject: 'Invitation to a game of Minimal Space Combat' }),
      bobInbox.waitFor({ subject: 'Invitation to a game of Minimal Space Combat' }),
    ]);
    await Promise.all([reply(alice, invitations[0], 'Count me in.'), reply(bob, invitations[1], 'Count me in.')]);
  }

  it(
    'setup by mail, orders every turn answered, each side its own report, a battle with its dice, the end mail',
    { timeout: 240_000 },
    async () => {
      const gameId = `mail-camp-${randomBytes(3).toString('hex')}`;
      const tag = `[${gameId}]`;
      await createCampaign(gameId, 6);
      /** Every mail each side received, for the §6 scan at the end. */
      const received: Record<'alice' | 'bob', ReceivedMail[]> = { alice: [], bob: [] };
      const read = async (inbox: Inbox, who: 'alice' | 'bob', options: Parameters<Inbox['waitFor']>[0]) => {
        const mail = await inbox.waitFor({ timeoutMs: 30_000, ...options });
        received[who].push(mail);
        return mail;
      };
      const alices = (o: Parameters<Inbox['waitFor']>[0]) => read(aliceInbox, 'alice', o);
      const bobs = (o: Parameters<Inbox['waitFor']>[0]) => read(bobInbox, 'bob', o);

      // The setup mail: the seat's own reply address and a block of BUILD lines to fill in.
      const [inviteA, inviteB] = await Promise.all([
        alices({ subject: `${tag} You have a seat` }),
        bobs({ subject: `${tag} You have a seat` }),
      ]);
      for (const invite of [inviteA, inviteB]) {
        const block = orderBlock(invite.text);
        expect(block[0]).toBe(`GAME ${gameId} TURN 0`);
        expect(block.join('\n')).toMatch(/^# Setup: your starting ships, 40 BP in all, at your home \d{4}/m);
        expect(block.some((l) => /^BUILD /.test(l))).toBe(true);
        expect(invite.replyTo).toMatch(/^orders\+[^@]+@pbem\.test$/);
      }
      const homeOf = (mail: ReceivedMail) => parseHex(/at your home (\d{4})/.exec(mail.text)![1]!);
      const blueHome = homeOf(inviteB);
      expect(blueHome.ok).toBe(true);

      // HELP by mail in a campaign explains the campaign orders language, not the tactical one.
      await reply(alice, inviteA, 'HELP');
      const help = await alices({ subject: `${tag} How to play by mail` });
      expect(help.text).toContain('The campaign orders');
      expect(help.text).toMatch(/^ {2}BUILD <ship> E<n> S<n> H<n> W <sides> \[JOIN <fleet> \| AS <fleet>\]$/m);
      expect(help.text).toMatch(/^ {2}MOVE <fleet> TO <CCRR>$/m);
      expect(help.text).not.toContain('SHIP <id> SPEED');
      for (const line of help.text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(78);
      expect(help.html).toContain('The campaign orders');

      // Bob quotes his setup block back unchanged: answered with the hint, nothing stored.
      await reply(bob, inviteB, '');
      const unchanged = await bobs({ subject: `${tag} Orders for turn 0 not accepted` });
      expect(unchanged.text).toContain('[QUOTED_UNCHANGED]');
      expect(unchanged.text).toContain('is as the service sent it, unchanged');

      // Alice's setup, above the quote; Bob's, edited into the quoted block.
      await reply(alice, inviteA, [`GAME ${gameId} TURN 0`, ...RED.setup, 'END'].join('\n'));
      await replyInQuote(bob, inviteB, (block) => [block[0]!, ...BLUE.setup, 'END']);
      const [setupOkA, setupOkB] = await Promise.all([
        alices({ subject: `${tag} Orders accepted for turn 0` }),
        bobs({ subject: `${tag} Orders accepted for turn 0` }),
      ]);
      for (const line of RED.setup) expect(setupOkA.text).toContain(line);
      for (const line of BLUE.setup) expect(setupOkB.text).toContain(line);
      expect(setupOkB.text).toContain('read from the order block you edited in the quoted mail');

      const [startA, startB] = await Promise.all([
        alices({ subject: `${tag} Turn 1: the game begins` }),
        bobs({ subject: `${tag} Turn 1: the game begins` }),
      ]);
      expect(startA.text).toContain('You play Red League.');
      expect(startB.text).toContain('You play Blue Union.');

      // Bob quotes his turn-1 report back unchanged: the hint again, for a turn's order block.
      await reply(bob, startB, '');
      const unchangedTurn = await bobs({ subject: `${tag} Orders for turn 1 not accepted` });
      expect(unchangedTurn.text).toContain('[QUOTED_UNCHANGED]');

      // Turn 1, Alice first: every problem of a bad mail, each on its line; nothing stored.
      await reply(alice, startA, `GAME ${gameId} TURN 1\nMOVE Ghost N\nBUILD Big E9 S9 H9 W F AS Huge\nEND`);
      const rejected = await alices({ subject: `${tag} Orders for turn 1 not accepted` });
      expect(rejected.text).toMatch(/^ {2}2 \| MOVE Ghost N$/m);
      expect(rejected.text).toMatch(/^ {2}3 \| BUILD Big E9 S9 H9 W F AS Huge$/m);
      expect(rejected.text).toMatch(/- line 2: [^[]*\[FLEET_UNKNOWN\]/);
      for (const code of ['DESIGN_ENGINE', 'DESIGN_SHIELDS', 'DESIGN_TO_HIT', 'DESIGN_SIZE'])
        expect(rejected.text).toMatch(new RegExp(`- line 3 \\(ship Big\\): [^[]*\\[${code}\\]`));
      expect(rejected.text).toContain('Nothing of this mail was stored');

      /**
       * Alice: Pyre makes for Blue's home and retreats after a round of battle there (so that the campaign goes on
       * after it), Flare stays at hers; her orders above the quote.
       */
      const aliceOrders = (report: ReceivedMail, turn: number): string[] => {
        const block = orderBlock(report.text);
        const fleets = blockFleets(block);
        const pyre = fleets.find((f) => f.id === 'Pyre');
        const path = pyre && blueHome.ok ? pathToward(pyre.hex, blueHome.value, pyre.reach) : [];
        // In turn 1 Flare goes to the first free system its reach line names, to capture it.
        const reach = block[block.findIndex((l) => l.startsWith('# Flare at ')) + 1] ?? '';
        const free = reach
          .replace(/^#\s+reaches /, '')
          .split('; ')
          .find((entry) => /^\d{4}/.test(entry) && !/your|enemy/.test(entry));
        return [
          ...(path.length > 0 ? [`MOVE Pyre ${path.join(' ')}`, 'RETREAT Pyre AFTER 1'] : []),
          ...(turn === 1 && free ? [`MOVE Flare TO ${free.slice(0, 4)}`] : [`RETREAT Flare AFTER ${1 + (turn % 2)}`]),
        ];
      };
      /** Bob: his fleets hold his home; a 10-BP ship whenever the store pays for one; edited in the quoted block. */
      const bobEdit = (turn: number) => (block: string[]) => {
        const store = storeOf(block);
        const fleets = blockFleets(block).map((f) => f.id);
        const standing = fleets.includes('Reef') ? 'Reef' : fleets[0]!;
        const lines = block.filter((l) => !l.startsWith(`RETREAT ${standing} `));
        const added = [
          `RETREAT ${standing} AFTER ${2 + (turn % 2)}`,
          ...(store >= 10 && fleets.includes('Ocean') ? [`BUILD Shoal${turn} E4 S3 H1 W F JOIN Ocean`] : []),
        ];
        return [...lines.slice(0, -1), ...added, 'END'];
      };

      /** What comes after a turn: the next report, or the end of the campaign. */
      // The oldest report or end mail not read yet: a turn resolved twice would show here as a second report.
      const next = (mine: typeof alices) =>
        mine({ subject: tag, where: (m) => / Turn \d+ report|Game over/.test(m.subject) });

      const reports: Array<[ReceivedMail, ReceivedMail]> = [[startA, startB]];
      let turn = 1;
      let end: [ReceivedMail, ReceivedMail] | null = null;
      while (end === null) {
        const [reportA, reportB] = reports.at(-1)!;
        const ordersA = aliceOrders(reportA, turn);
        await reply(alice, reportA, [`GAME ${gameId} TURN ${turn}`, ...ordersA, 'END'].join('\n'));
        await replyInQuote(bob, reportB, bobEdit(turn));
        const [okA, okB] = await Promise.all([
          alices({ subject: `${tag} Orders accepted for turn ${turn}` }),
          bobs({ subject: `${tag} Orders accepted for turn ${turn}` }),
        ]);
        for (const line of ordersA) expect(okA.text).toContain(line);
        expect(okB.text).toMatch(/RETREAT \S+ AFTER [23]/);
        const after = await Promise.all([next(alices), next(bobs)]);
        const over = after.map((m) => m.subject.includes('Game over'));
        expect(over[0]).toBe(over[1]);
        if (over[0]) end = after;
        else {
          // One report per side per turn, for the turn just opened.
          expect(after[0].subject).toContain(`${tag} Turn ${turn + 1} report`);
          expect(after[1].subject).toContain(`${tag} Turn ${turn + 1} report`);
          reports.push(after);
          turn += 1;
        }
        expect(turn).toBeLessThanOrEqual(6);
      }

      // Every report: the turn as its side saw it, the text map within 78 columns with its rulers and crop line,
      // the side's own Fleet and Production Control Sheets, and the order block listing each fleet and its reach.
      for (const [i, pair] of reports.entries()) {
        for (const [report, side] of [
          [pair[0], RED],
          [pair[1], BLUE],
        ] as const) {
          const text = report.text;
          for (const line of text.split('\n'))
            expect(line.length, `${report.subject}: ${line}`).toBeLessThanOrEqual(78);
          expect(text).toMatch(/^ {3}01 {2}02 {2}03 {2}04 {2}05 {2}06 {2}07 {2}08 {2}09 {2}10 {2}11 {2}12\s*$/m);
          expect(text).toMatch(/^Showing (the whole 12x10 map|columns .* of a 12x10 map)/m);
          expect(text).toContain(`Fleet Control Sheet: ${side.name}`);
          expect(text).toContain(`Production Control Sheet: ${side.name}`);
          expect(report.html).toContain(`Fleet Control Sheet: ${side.name}`);
          expect(report.html).toContain(`Production Control Sheet: ${side.name}`);
          expect(report.html).toContain(`GAME ${gameId} TURN ${i + 1}`);
          expect(report.html).toMatch(/Showing (the whole 12x10 map|columns)/);
          const block = orderBlock(text);
          expect(block[0]).toBe(`GAME ${gameId} TURN ${i + 1}`);
          for (const f of blockFleets(block)) {
            const at = block.findIndex((l) => l.startsWith(`# ${f.id} at ${formatHex(f.hex)}:`));
            expect(block[at + 1]).toMatch(/^# {5}reaches /);
          }
          expect(blockFleets(block).length).toBeGreaterThan(0);
          if (i > 0) {
            expect(text).toContain(`What happened in turn ${i}`);
            expect(text).toMatch(/^ {2}Production: your \d+ systems? .*yielded \d+ BP; store \d+ BP\.$/m);
          }
        }
      }
      // Moves, sensor contacts, builds and a battle, round by round with every die, as each side saw them.
      const reportsOf = (who: 'alice' | 'bob') =>
        received[who]
          .filter((m) => / Turn \d+ report/.test(m.subject))
          .map((m) => m.text)
          .join('\n');
      const [allA, allB] = [reportsOf('alice'), reportsOf('bob')];
      expect(allA).toMatch(/^ {2}Fleet Pyre moved \d{4} to \d{4}/m);
      // An enemy fleet is named as the map's legend and the game page name it.
      expect(allA).toMatch(/^ {2}Sensors: your fleet Pyre detected Blue Union's fleet/m);
      expect(allA).toMatch(/^ {2}\d{4} is captured by you\.$/m);
      expect(allB).toMatch(/^ {2}Built Shoal1 \(E4 S3 H1 W F, 10 BP\) in fleet Ocean\.$/m);
      for (const all of [allA, allB]) {
        expect(all).toMatch(/^ {2}Battle at \d{4}: you (attack|defend) with your fleet/m);
        expect(all).toMatch(/^ {4}Round 1 at \d{4}:$/m);
        expect(all).toMatch(/^ {6}(You attack|The enemy attacks): ([1-6]( [1-6])*|no dice) \(\d+ hits?\)/m);
        expect(all).toMatch(/^ {4}The battle at \d{4} ended/m);
      }

      // The campaign is over for the API too.
      const view = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as { game: { status: string } };
      expect(view.game.status).toBe('finished');

      // The end mail: to both, the last turn in full, every side's sheets, the seed.
      for (const mail of end) {
        expect(mail.subject).toContain(`${tag} Game over`);
        expect(mail.text).toMatch(/The campaign is over: (Red League wins|Blue Union wins|a draw)/);
        expect(mail.text).toContain(`Fleet Control Sheet: ${RED.name}`);
        expect(mail.text).toContain(`Fleet Control Sheet: ${BLUE.name}`);
        expect(mail.html).toContain(`Fleet Control Sheet: ${RED.name}`);
        expect(mail.html).toContain(`Production Control Sheet: ${BLUE.name}`);
        expect(mail.text).toMatch(/The dice seed of this game was:/);
      }

      // §6: nothing in one side's mail before the end names the other side's ships, designs, sheets or store. Its
      // fleets are named where they are seen, as the game page names them (the map's legend, the narrative).
      expect(allA).toMatch(/^B (Ocean|Reef) at \d{4}: /m);
      const secrets = (other: SideInfo) => [
        ...other.ships.map((id) => new RegExp(`\\b${id}\\d*\\b`)),
        ...other.designs.map((d) => new RegExp(d)),
        new RegExp(`(Fleet|Production) Control Sheet: ${other.name}`),
        new RegExp(`${other.name}'s .*store|store.*${other.name}`, 'i'),
      ];
      for (const [who, other] of [
        ['alice', BLUE],
        ['bob', RED],
      ] as const) {
        const before = received[who].filter((m) => !m.subject.includes('Game over'));
        for (const mail of before)
          for (const secret of secrets(other)) {
            expect(mail.text, `${who}: ${mail.subject}`).not.toMatch(secret);
            expect(mail.html, `${who}: ${mail.subject} (HTML)`).not.toMatch(secret);
          }
      }
    },
  );

  it(
    'CONCEDE <game id> by mail during setup ends the campaign, and both players are told',
    { timeout: 60_000 },
    async () => {
      const gameId = `mail-camp-${randomBytes(3).toString('hex')}`;
      const tag = `[${gameId}]`;
      await createCampaign(gameId, 8);
      const [inviteA] = await Promise.all([
        aliceInbox.waitFor({ subject: `${tag} You have a seat` }),
        bobInbox.waitFor({ subject: `${tag} You have a seat` }),
      ]);
      await reply(alice, inviteA, `CONCEDE ${gameId}`);
      const [endA, endB] = await Promise.all([
        aliceInbox.waitFor({ subject: `${tag} Game over` }),
        bobInbox.waitFor({ subject: `${tag} Game over` }),
      ]);
      for (const end of [endA, endB]) expect(end.text).toMatch(/Blue Union wins|Blue Union/);
      const view = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as { game: { status: string } };
      expect(view.game.status).toBe('finished');
    },
  );
});
