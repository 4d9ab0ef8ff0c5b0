/**
 * The words of every answer to an order mail that is not an acceptance, a
 * rejection, a report or a relayed message: what happened to the mail and
 * what to do next. Rendered by composeNotice; docs/mail.md explains each.
 */

export interface Notice {
  readonly subject: string;
  readonly paragraphs: string[];
  /** To someone with no seat in the game: no players' footer (NoticeMail.outsider). */
  readonly outsider?: boolean;
}

const prefix = (gameId: string | null | undefined) => (gameId ? `[${gameId}] ` : '');

const HOW_TO_ORDER =
  "To send orders, reply to the last report the service sent you: its reply address carries your seat's token. " +
  'Or write PASSWORD followed by your token on a line of its own. Send HELP for the orders language.';

export function tooLargeNotice(size: number, maxBytes: number): Notice {
  const kib = (n: number) => `${Math.ceil(n / 1024)} KiB`;
  return {
    subject: 'Your mail was too large and was not read',
    paragraphs: [
      `Your mail was ${kib(size)}; the service reads mails of at most ${kib(maxBytes)}. Nothing in it was read or applied.`,
      'Send your orders as plain text, without attachments, pictures or the whole earlier correspondence.',
    ],
  };
}

export function rateLimitedNotice(perHour: number): Notice {
  return {
    subject: 'Too many mails: yours are not being read for now',
    paragraphs: [
      `The service takes at most ${perHour} mails an hour from one address, and yours has sent more. Mails over the limit are kept but not read or applied, and not answered.`,
      'Wait an hour, then send your orders again in one mail.',
    ],
  };
}

export function noTokenNotice(gameId: string | null): Notice {
  return {
    subject: `${prefix(gameId)}Your mail was not applied: it carries no seat token`,
    paragraphs: [
      'The service could not tell which seat your mail is for, so nothing in it was read or applied.',
      HOW_TO_ORDER,
    ],
  };
}

export function badTokenNotice(gameId: string | null): Notice {
  return {
    subject: `${prefix(gameId)}Your mail was not applied: its token opens no seat`,
    paragraphs: [
      'The token in your mail (in the address you wrote to, or on its PASSWORD line) does not open any seat. It may be mistyped, or it was replaced by a newer one.',
      `${HOW_TO_ORDER} If you have lost your token, ask your game's moderator for a new one.`,
    ],
  };
}

export function unknownGameNotice(gameId: string): Notice {
  return {
    subject: `There is no game ${gameId}`,
    paragraphs: [
      `Your mail names game ${gameId}, which does not exist here. Nothing in it was applied.`,
      'Check the GAME line against your last report, or reply to that report directly.',
    ],
  };
}

/** Says nothing the forger wrote (their From, their Subject): it goes to the seat, which did not ask for it. */
export function wrongSenderNotice(m: { gameId: string; side: string; registered: string }): Notice {
  return {
    subject: `[${m.gameId}] A mail with your token came from another address`,
    paragraphs: [
      `A mail carrying the token of your seat (${m.side}) arrived from an address other than your registered one, ${m.registered}. Orders for your seat are taken only from that address, so nothing in it was applied.`,
      'If you sent it, send it again from your registered address. If you did not, someone else knows your token: ask the moderator for a new one. A few of these notices are sent a day at most.',
    ],
  };
}

/** `archiveUrl`: the game's archive page, where its players read every turn's report once it is over. */
export function gameOverNotice(gameId: string, archiveUrl: string): Notice {
  return {
    subject: `[${gameId}] The game is over`,
    paragraphs: [
      `Game ${gameId} is over and takes no more orders. Nothing in your mail was applied.`,
      `The whole game, turn by turn, is in its archive: ${archiveUrl}`,
    ],
  };
}

export function notStartedNotice(gameId: string): Notice {
  return {
    subject: `[${gameId}] The game has not started`,
    paragraphs: [
      `Game ${gameId} has not started: every side must first choose its fleet. Nothing in your mail was applied; orders are taken once the first turn opens.`,
    ],
  };
}

export function turnClosedNotice(gameId: string, turn: number): Notice {
  return {
    subject: `[${gameId}] Turn ${turn} is being resolved`,
    paragraphs: [
      `Your mail arrived while turn ${turn} was being resolved, so nothing in it was applied.`,
      'Your next report has the new order block: send your orders for the next turn after it.',
    ],
  };
}

/** Orders answering a report whose turn is over (the reply's In-Reply-To named it, the text named no turn). */
export function turnOverNotice(gameId: string, turn: number, why: string): Notice {
  return {
    subject: `[${gameId}] Those orders were for a turn that is over`,
    paragraphs: [`${why[0]!.toUpperCase()}${why.slice(1)}.`, `Your orders for turn ${turn} are still as they were.`],
  };
}

/** A mail whose Message-ID an earlier, different mail already had. */
export function reusedMessageIdNotice(subject: string, earlier: Date): Notice {
  return {
    subject: 'Your mail was not read: its Message-ID was used before',
    paragraphs: [
      `Your mail "${subject}" carries the same Message-ID as a different mail received on ${earlier.toISOString().slice(0, 16).replace('T', ' ')} UTC. Each mail is recorded under its Message-ID, so this one was not read and nothing in it was applied.`,
      'Your mail program reused a Message-ID: write a new mail (not a resend of an old one) with the same text, and send it again.',
    ],
  };
}

export function concededNotice(gameId: string, side: string): Notice {
  return {
    subject: `[${gameId}] Your side has conceded`,
    paragraphs: [`Your side (${side}) has conceded and takes no more orders. Nothing in your mail was applied.`],
  };
}

/** `CONCEDE` alone: nothing is conceded; the player is told what to send to confirm. */
export function concedeAskNotice(gameId: string, noun: string): Notice {
  return {
    subject: `[${gameId}] To concede, confirm with CONCEDE ${gameId}`,
    paragraphs: [
      `Your mail said CONCEDE: your side has not conceded. Conceding gives up the ${noun} and cannot be taken back, so it needs the game's id.`,
      `To concede, reply with this line alone:\n  CONCEDE ${gameId}`,
      'To play on, do nothing: your orders stand as they were.',
    ],
  };
}

export function concedeDoneNotice(gameId: string, side: string, gameEnds: boolean): Notice {
  return {
    subject: `[${gameId}] You have conceded`,
    paragraphs: [
      `Your side (${side}) has conceded. Its ships leave play when the current turn resolves.`,
      gameEnds
        ? 'That leaves one side in play: the game ends now, and every seat gets the result.'
        : 'The game goes on for the other sides; you will still get their reports.',
    ],
  };
}

export function messageSentNotice(gameId: string, to: string, delivered: boolean): Notice {
  return {
    subject: `[${gameId}] Your message to ${to}`,
    paragraphs: [
      delivered
        ? `Your message was relayed to side ${to}. They see your side's name, never your address; their answer, if any, comes the same way.`
        : `Side ${to} has no player to read messages (it is played by the rules), so your message was not delivered.`,
    ],
  };
}

export function pressSentNotice(gameId: string, recipients: number, anonymous: boolean): Notice {
  return {
    subject: `[${gameId}] Your ${anonymous ? 'anonymous ' : ''}press to every player`,
    paragraphs: [
      recipients === 0
        ? 'No other player is in the game to read press, so your message was not delivered.'
        : `Your message was passed on to ${recipients === 1 ? 'the other player' : `the ${recipients} other players`}. ${anonymous ? 'They are not told your side or your name.' : 'They see your side and name,'} never your address.`,
    ],
  };
}

export function noAbsenceNotice(gameId: string): Notice {
  return {
    subject: `[${gameId}] You had no absence to cancel`,
    paragraphs: [
      'SET ABSENCE NONE cancels your absences that are not over yet, and you have none: nothing changed. To declare one, send SET ABSENCE 2026-12-20 TO 2026-12-28 (the first and the last day you cannot play, in your time zone).',
    ],
  };
}

export function reportsSetNotice(gameId: string, byMail: boolean): Notice {
  return {
    subject: `${prefix(gameId)}Your turn reports are ${byMail ? 'mailed to you' : 'on the web only'}`,
    paragraphs: [
      byMail
        ? 'From the next turn on, your turn reports are mailed to you again, as well as shown on the game page. Send SET REPORTS WEB to have them on the game page only.'
        : 'From the next turn on, your turn reports are no longer mailed: they are on the game page. Answers to your own mail (STATUS among them) and the end of the game still come by mail. Send SET REPORTS MAIL to have the reports mailed again.',
    ],
  };
}

export function reportFormatSetNotice(gameId: string, json: boolean): Notice {
  return {
    subject: `${prefix(gameId)}Your turn reports ${json ? 'have your view attached as JSON' : 'come without JSON'}`,
    paragraphs: [
      json
        ? `From the next report on, each turn report mailed to you has your side's view of the game attached as ${gameId}-turn-N.json: the document the API gives your seat (GET /api/games/${gameId}), for your own tools. Send SET REPORT TEXT to stop it.`
        : 'From the next report on, your turn reports come without the JSON attachment. Send SET REPORT JSON to have it again.',
    ],
  };
}

export function widthSetNotice(gameId: string, width: number): Notice {
  return {
    subject: `${prefix(gameId)}Your turn reports are now ${width} columns wide`,
    paragraphs: [
      width > 78
        ? `From the next report on, the text of your turn reports is ${width} columns wide, with more of the map. Send SET WIDTH 78 to go back to the narrow report, which fits any mail client.`
        : `From the next report on, the text of your turn reports is ${width} columns wide: it fits any mail client. Send SET WIDTH 100 for a wider one with more of the map.`,
      "Send STATUS to get this turn's report again now.",
    ],
  };
}

/** HISTORY refused: the seat has had its HISTORY mails for the day. */
export function historyLimitNotice(gameId: string, m: { perDay: number; nextAt: Date }): Notice {
  const at = `${m.nextAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    subject: `${prefix(gameId)}HISTORY not sent: ${m.perDay} a day at most`,
    paragraphs: [
      `HISTORY_LIMIT: you have been sent ${m.perDay} HISTORY mails for this game in the last 24 hours, as many as a seat gets in a day, so no past reports were sent this time. Ask again after ${at}.`,
      'Your report for the open turn is always there: send STATUS, or open the game page, whose archive shows every turn as your side saw it.',
    ],
  };
}

/** The answer to a JOIN mail: the link that proves the address is the sender's and opens the game's join page. */
export function joinLinkNotice(m: {
  gameId: string;
  gameName: string;
  side: string;
  sideName: string;
  url: string;
}): Notice {
  return {
    outsider: true,
    subject: `[${m.gameId}] Confirm that you want to join ${m.gameName}`,
    paragraphs: [
      `Someone (we hope you) asked by mail to take the open side ${m.sideName} (${m.side}) of the game "${m.gameName}" (game ${m.gameId}). To take it, follow this link, log in, and press the button to take the seat (you may choose another open side there):`,
      m.url,
      'It works once, within 24 hours. If you did not ask, ignore this mail: nothing happens without the link.',
    ],
  };
}

/** A JOIN mail that cannot be granted: its code and what to do instead. */
export function joinRefusedNotice(m: { gameId: string | null; code: string; message: string }): Notice {
  return {
    outsider: true,
    subject: `${prefix(m.gameId)}Your JOIN was refused (${m.code})`,
    paragraphs: [
      `${m.code}: ${m.message}.`,
      'Write JOIN, the game, and the side you want on a line of its own, e.g. "JOIN orion-7 blue"; the lobby on the web site lists the games with an open side.',
    ],
  };
}
