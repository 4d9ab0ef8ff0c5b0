/**
 * Composing mail: every answer says what the player needs to know — every
 * problem with its line, the orders as understood, the deadline in UTC and in
 * the player's zone — in a text part that survives any mail client (no tabs,
 * at most 78 columns) and an HTML part where nothing a player wrote becomes
 * markup. Asserted as facts, not snapshots.
 */
import { describe, expect, it } from 'vitest';
import { convert } from 'html-to-text';
import {
  composeAccepted,
  composeGameEnd,
  composeHelp,
  composeNotice,
  composeOrdersList,
  composeRejected,
  composeRelayedMessage,
  composeReminder,
  type Composed,
} from '../../src/mail/compose.ts';
import { headerText, textSafe, wrapLine } from '../../src/mail/templates.ts';
import { DEFAULT_RULESET, kindOf, RULESETS } from '../../src/kinds/index.ts';
import { parseSubmission } from '../../src/orders/index.ts';

const game = { id: 'orion-7', name: 'Orion <7> & Co' };
const deadline = new Date('2026-01-08T12:00:00Z');

/** What every mail must be, whatever it says. */
function expectWellFormed(mail: Composed): void {
  const lines = mail.text.split('\n');
  expect(mail.text).not.toMatch(/\t/);
  // eslint-disable-next-line no-control-regex
  expect(mail.text).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F]/);
  for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(78);
  expect(mail.text.endsWith('\n')).toBe(true);
  expect(mail.html.startsWith('<!DOCTYPE html>')).toBe(true);
  expect(mail.html).toContain('</html>');
  expect(mail.subject).not.toMatch(/[\r\n]/);
}

/** Text with its line breaks made spaces: a sentence may wrap anywhere. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** The HTML part as a reader sees it. */
const shown = (html: string) => convert(html, { wordwrap: false });

describe('composeRejected: "listing every error with its line and what would be legal"', () => {
  const text = [
    'GAME orion-7 TURN 4',
    'PASSWORD s3cr3t-token-value',
    'SHIP Black SPEED 4 MOVE 4',
    'SHIP Grey SPEED 3 MOVE 1R1',
    'SHIP Black SPEED 2\tMOVE 2',
    'END',
  ].join('\n');
  const problems = [
    { line: 3, code: 'SPEED_NOT_ALLOWED', message: 'SPEED 4 not allowed: ENGINE is 3', ship: 'Black' },
    { line: 4, code: 'SHIP_NOT_YOURS', message: 'ship Grey is not yours: your ships are Black', ship: 'Grey' },
    {
      line: 5,
      code: 'SHIP_TWICE',
      message: 'ship Black is already ordered on line 3; give one SHIP line per ship',
      ship: 'Black',
    },
    { line: 2, code: 'PASSWORD_TWICE', message: 'two different PASSWORD lines: give your secret once' },
    { line: null, code: 'TOO_MANY_ERRORS', message: 'more than 100 problems: reading stopped here' },
  ];
  const mail = composeRejected({ game, turn: 4, problems, text });

  it('lists every problem with its line, ship, code and message, in both parts', () => {
    expectWellFormed(mail);
    for (const p of problems) {
      const where = p.line === null ? 'the whole mail' : `line ${p.line}${p.ship ? ` (ship ${p.ship})` : ''}`;
      // A long item continues on the next line, under its text.
      expect(mail.text.replace(/\n {4}/g, ' ')).toContain(`  - ${where}: ${p.message} [${p.code}]`);
      expect(shown(mail.html)).toContain(p.message);
      expect(shown(mail.html)).toContain(`[${p.code}]`);
    }
    expect(mail.subject).toBe('[orion-7] Orders for turn 4 not accepted');
    expect(mail.text).toContain('Nothing of this mail was stored');
  });

  it('quotes each line that has a problem once, numbered as sent, tabs made spaces — and never the secret', () => {
    expect(mail.text).toContain('  2 | PASSWORD ********');
    expect(mail.text).toContain('  3 | SHIP Black SPEED 4 MOVE 4');
    expect(mail.text).toContain('  4 | SHIP Grey SPEED 3 MOVE 1R1');
    expect(mail.text).toContain('  5 | SHIP Black SPEED 2 MOVE 2');
    expect(mail.text).not.toContain('1 | GAME');
    expect(mail.text.match(/ 3 \| /g)).toHaveLength(1);
    expect(mail.text + mail.html).not.toContain('s3cr3t');
  });

  it('cuts a quoted line too long for the page, and works without a game or a text', () => {
    const long = composeRejected({
      game: null,
      turn: null,
      problems: [{ line: 1, code: 'LINE_TOO_LONG', message: 'this line is too long' }],
      text: `SHIP ${'X'.repeat(2000)}`,
    });
    expectWellFormed(long);
    expect(long.text).toMatch(/ 1 \| SHIP X+…\n/);
    expect(long.subject).toBe('Your mail was not accepted');
    const none = composeRejected({
      game: null,
      turn: null,
      problems: [{ line: null, code: 'EMPTY', message: 'no orders found' }],
      text: null,
    });
    expect(none.text).toContain('- the whole mail: no orders found [EMPTY]');
    expect(none.text).not.toContain('The lines with problems');
  });
});

describe('composeAccepted: "echoing the orders as the service understood them"', () => {
  const canonical = 'GAME orion-7 TURN 4\nSHIP Black SPEED 3 MOVE 2R FIRE Grey\nSHIP Dart SPEED 1 MOVE 1 HOLD\nEND\n';
  const mail = composeAccepted({
    game,
    turn: 4,
    side: 'black',
    canonical,
    deadline,
    timeZone: 'Europe/Paris',
    commands: ['STATUS', 'HELP'],
  });

  it('carries the canonical orders, both deadlines and the commands read', () => {
    expectWellFormed(mail);
    for (const line of canonical.trim().split('\n')) {
      expect(mail.text).toContain(line);
      expect(mail.html).toContain(line);
    }
    expect(mail.text).toContain('Thu 2026-01-08 12:00 UTC');
    expect(mail.text).toMatch(/13:00 CET \(Europe\/Paris\), your time/);
    expect(shown(mail.html)).toMatch(/13:00 CET \(Europe\/Paris\), your time/);
    expect(mail.text).toContain('STATUS: your turn report follows in a separate mail');
    expect(mail.subject).toBe('[orion-7] Orders accepted for turn 4');
    // The footer says what gives a game up: CONCEDE with the game's id (CONCEDE alone gives nothing up).
    expect(mail.text).toContain('CONCEDE <game>, MESSAGE <side>');
    expect(mail.html).toContain('CONCEDE &lt;game&gt;, MESSAGE &lt;side&gt;');
  });

  it('the orders it echoes parse back as they are', () => {
    const echoed = mail.text.slice(mail.text.indexOf('GAME orion-7'), mail.text.indexOf('END') + 3);
    const position = {
      map: { width: 12, height: 10 },
      turn: 4,
      sides: ['black', 'grey'],
      solo: [],
      conceded: [],
      turnLimit: null,
      ships: [
        {
          id: 'Black',
          side: 'black',
          hex: { col: 4, row: 8 },
          facing: 'N',
          speed: 3,
          engine: 3,
          shields: 3,
          toHit: 3,
          weapons: ['F'],
          design: { engine: 3, shields: 3, toHit: 3, weapons: ['F'] },
          status: 'active',
        },
        {
          id: 'Dart',
          side: 'black',
          hex: { col: 2, row: 8 },
          facing: 'N',
          speed: 1,
          engine: 2,
          shields: 1,
          toHit: 3,
          weapons: ['F'],
          design: { engine: 2, shields: 1, toHit: 3, weapons: ['F'] },
          status: 'active',
        },
        {
          id: 'Grey',
          side: 'grey',
          hex: { col: 8, row: 4 },
          facing: 'S',
          speed: 3,
          engine: 4,
          shields: 4,
          toHit: 5,
          weapons: ['F'],
          design: { engine: 4, shields: 4, toHit: 5, weapons: ['F'] },
          status: 'active',
        },
      ],
    } as const;
    const parsed = parseSubmission(echoed, { gameId: 'orion-7', turn: 4, side: 'black', position });
    expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
  });

  it("any kind's orders are orders: a campaign's MOVE lines too", () => {
    const campaign = composeAccepted({
      game,
      turn: 4,
      side: 'red',
      canonical: 'GAME orion-7 TURN 4\nMOVE Home TO 0908\nEND\n',
      deadline: null,
      timeZone: 'UTC',
      commands: [],
    });
    expect(campaign.subject).toBe('[orion-7] Orders accepted for turn 4');
  });

  it('a mail with commands only says no orders were in it', () => {
    const commandsOnly = composeAccepted({
      game,
      turn: 4,
      side: 'black',
      canonical: 'GAME orion-7 TURN 4\nEND\n',
      deadline: null,
      timeZone: 'UTC',
      commands: ['ORDERS'],
    });
    expect(commandsOnly.subject).toBe('[orion-7] Mail received for turn 4');
    expect(flat(commandsOnly.text)).toContain('It held no ship orders');
    expect(commandsOnly.text).toContain('every side has sent orders');
  });
});

describe('composeOrdersList and composeReminder', () => {
  it('lists the orders in, or says there are none, with both deadlines', () => {
    const some = composeOrdersList({
      game,
      turn: 4,
      side: 'black',
      canonical: 'GAME orion-7 TURN 4\nSHIP Black SPEED 3 MOVE 3\nEND\n',
      deadline,
      timeZone: 'America/New_York',
    });
    expectWellFormed(some);
    expect(some.text).toContain('SHIP Black SPEED 3 MOVE 3');
    expect(some.text).toContain('Thu 2026-01-08 12:00 UTC');
    expect(some.text).toMatch(/07:00 .*\(America\/New_York\), your time/);
    const none = composeOrdersList({ game, turn: 4, side: 'black', canonical: null, deadline, timeZone: 'UTC' });
    expect(none.text).toContain('You have no orders in for turn 4');
  });

  it('a reminder names the deadline, what happens without orders, and brings the order block', () => {
    const block = 'GAME orion-7 TURN 4\nSHIP Black SPEED 3 MOVE 3\nEND\n';
    const standing = composeReminder({
      game,
      turn: 4,
      deadline,
      timeZone: 'Europe/Paris',
      noOrders: 'standing',
      standingOrders: kindOf('msc-tactical').standingOrders,
      orderBlock: block,
    });
    expectWellFormed(standing);
    expect(standing.subject).toBe('[orion-7] Reminder: your orders for turn 4 are due Thu 2026-01-08 12:00 UTC');
    expect(flat(standing.text)).toContain('keep their SPEED, fly straight ahead and fire at the nearest enemy');
    expect(standing.text).toContain('SHIP Black SPEED 3 MOVE 3');
    expect(standing.text).toMatch(/13:00 CET \(Europe\/Paris\)/);
    expect(flat(standing.text)).toContain('Nothing to change? Reply HOLD');
    const solo = { game, turn: 4, deadline, timeZone: 'UTC', noOrders: 'solo', orderBlock: null } as const;
    expect(composeReminder({ ...solo, standingOrders: 'unused' }).text).toContain('played by the solo rules');
  });

  it("a campaign's reminder states the campaign's no-orders rule, not the tactical battle's", () => {
    const campaign = composeReminder({
      game,
      turn: 4,
      deadline,
      timeZone: 'UTC',
      noOrders: 'standing',
      standingOrders: kindOf('msc-strategic').standingOrders,
      orderBlock: null,
    });
    expectWellFormed(campaign);
    expect(flat(campaign.text)).toContain('Without orders, your fleets stay where they are');
    expect(flat(campaign.text)).not.toContain('SPEED');
    expect(campaign.html).toContain('Without orders, your fleets stay where they are');
  });
});

describe('composeRelayedMessage: "a message relayed to another player, who sees the sender\'s side, not the address"', () => {
  const text = 'Truce?\n<script>alert("pwned")</script>\n<b>bold</b> & "quotes"\n\tindented\u202Eevil';
  const mail = composeRelayedMessage({ game, fromSide: 'grey', fromName: 'Bob', text });

  it('names the sender by side and name, never by address', () => {
    expectWellFormed(mail);
    expect(mail.subject).toBe('[orion-7] Message from Bob (grey)');
    expect(mail.text).toContain('A message from Bob, who plays grey');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(mail.text).toContain('MESSAGE grey');
  });

  it("escapes the player's text in the HTML part: a <script> stays text", () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>bold</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot;');
    expect(shown(mail.html)).toContain('<script>alert("pwned")</script>');
  });

  it('keeps the text part readable: the message as written, tabs expanded, direction overrides dropped', () => {
    expect(mail.text).toContain('    <script>alert("pwned")</script>');
    expect(mail.text).toContain('\n        indentedevil\n');
    expect(mail.text).not.toContain('\u202E');
  });

  it('escapes the game name and the sender name too', () => {
    expect(mail.html).toContain('Orion &lt;7&gt; &amp; Co');
    const named = composeRelayedMessage({
      game,
      fromSide: 'grey',
      fromName: '<img src=x onerror=alert(1)>',
      text: 'hi',
    });
    expect(named.html).not.toContain('<img');
  });
});

describe('composeHelp, composeNotice, composeGameEnd', () => {
  it('help explains the orders language and every mail command, with an example for the game', () => {
    const mail = composeHelp({ game, mailDomain: 'pbem.test' });
    expectWellFormed(mail);
    for (const word of [
      'GAME',
      'TURN',
      'SHIP',
      'SPEED',
      'MOVE',
      'FIRE',
      'HOLD',
      'END',
      'HELP',
      'STATUS',
      'ORDERS',
      'CONCEDE',
      'MESSAGE <side>',
      'PASSWORD <secret>',
      'OBSERVE <game>',
    ]) {
      expect(mail.text).toContain(word);
      expect(shown(mail.html)).toContain(word);
    }
    expect(mail.text).toContain('GAME orion-7 TURN 4');
    expect(mail.text).toContain('orders+<your secret>@pbem.test');
    expect(composeHelp({ game: null, mailDomain: 'pbem.test' }).subject).toBe('How to play by mail');
  });

  it.each(RULESETS)("help in a game of %s is that kind's: its own part, and what CONCEDE gives up", (ruleset) => {
    const kind = kindOf(ruleset);
    const mail = composeHelp({ game, mailDomain: 'pbem.test', ruleset });
    expectWellFormed(mail);
    // Conceding needs the game's id, so that no stray CONCEDE gives a game up.
    expect(mail.text.replace(/\s+/g, ' ')).toContain(
      `CONCEDE ${game.id} your side gives up the ${kind.noun}; it cannot be taken back (CONCEDE alone only says what to send)`,
    );
    expect(shown(mail.html)).toContain(`your side gives up the ${kind.noun}`);
    // The kind's own words are explained: each opens a line of the orders described.
    for (const word of kind.orderKeywords.filter((w) => w !== 'DEPLOY'))
      expect(mail.text, `${ruleset}: ${word}`).toMatch(new RegExp(`^ {2}${word} <`, 'm'));
    const others = RULESETS.filter((r) => r !== ruleset).flatMap((r) => kindOf(r).orderKeywords);
    for (const word of others.filter((w) => !kind.orderKeywords.includes(w)))
      expect(mail.text, `${ruleset}: ${word}`).not.toMatch(new RegExp(`^ {2}${word} <`, 'm'));
  });

  it("help without a game is the default kind's", () => {
    const general = composeHelp({ game: null, mailDomain: 'pbem.test' });
    expect(general).toEqual(composeHelp({ game: null, mailDomain: 'pbem.test', ruleset: DEFAULT_RULESET }));
  });

  it('a notice is its paragraphs, wrapped to the page', () => {
    const mail = composeNotice({
      subject: 'Mail too large\r\nBcc: victim@example.org',
      paragraphs: [
        'Your mail is 21 MB; the service reads at most 2 MB. '.repeat(6),
        'Send it again without attachments.',
      ],
    });
    expectWellFormed(mail);
    expect(mail.subject).toBe('Mail too large Bcc: victim@example.org');
    expect(mail.text).toContain('Send it again without attachments.');
    expect(mail.text.split('\n\n')[0]!.split('\n').length).toBeGreaterThan(1);
  });

  it('the end of a game reveals the seed and repeats the commitment', () => {
    const mail = composeGameEnd({
      game,
      summary: 'Black wins',
      lastTurn: 7,
      narrative: ['Grey is destroyed in 0604'],
      diagram: null,
      sides: [],
      seed: 'c0ffee'.repeat(5),
      seedCommitment: 'ab'.repeat(32),
      archiveUrl: 'http://127.0.0.1:8080/archive/orion-7',
    });
    expectWellFormed(mail);
    expect(mail.subject).toBe('[orion-7] Game over: Black wins');
    expect(mail.text).toContain('c0ffee'.repeat(5));
    expect(mail.text).toContain('ab'.repeat(32));
    expect(mail.text).toContain('Grey is destroyed in 0604');
    expect(mail.html).toContain('href="http://127.0.0.1:8080/archive/orion-7"');
  });
});

describe('the text-safe path', () => {
  it('expands tabs to stops of 8, drops control and direction characters, trims line ends', () => {
    expect(textSafe('a\tb\r\nc\u0007d  \n\u202Ee\u200Bf')).toBe('a       b\ncd\nef\n');
  });

  it('wraps a long line at spaces, continuing at its own indentation, and cuts a word longer than a line', () => {
    const lines = wrapLine(`    ${'word '.repeat(40)}`, 40);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((l) => l.length <= 40 && l.startsWith('    word'))).toBe(true);
    expect(lines.join(' ').split(/ +/).filter(Boolean)).toHaveLength(40);
    expect(
      wrapLine(`  - ${'item '.repeat(30)}`, 40)
        .slice(0, 2)
        .map((l) => l.slice(0, 6)),
    ).toEqual(['  - it', '    it']);
    expect(wrapLine('x'.repeat(250), 100)).toEqual(['x'.repeat(100), 'x'.repeat(100), 'x'.repeat(50)]);
  });

  it('keeps the signature separator "-- " whole, and at most one blank line in a row', () => {
    expect(textSafe('a\n\n\n\nb\n-- \nsig')).toBe('a\n\nb\n-- \nsig\n');
  });

  it('makes header text one line', () => {
    expect(headerText('Re: x\r\n\tInjected: y')).toBe('Re: x Injected: y');
    expect([...headerText('é'.repeat(300))]).toHaveLength(200);
  });
});
