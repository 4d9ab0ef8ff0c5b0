/**
 * What every kind's game page shows alike: the game's heading, the messages
 * panel, and what a form's answer brings back to the page (`GamePageExtras`).
 */
import type { Game } from '../../games/games/games.repository.ts';
import { sideName, type GameSettings } from '../../games/games/settings.ts';
import type { GamesContext } from '../../games/context.ts';
import { isOver, settingsOf } from '../../games/games/state.ts';
import { kindOf } from '../../kinds/index.ts';
import { isModerator, seatsInGame, tokenOf } from '../../games/games/people.ts';
import { bounceOf, missedLastTurn, seatGameView, seatReport } from '../../games/games/views.ts';
import { createSeatsRepository, type Seat } from '../../games/seats/seats.repository.ts';
import { messagesOf, PRESS_TO_ALL } from '../../games/turns/side-messages.ts';
import { absencesOf, today } from '../../games/seats/absences.ts';
import { PRESS_TO } from '../../orders/index.ts';
import type { EndReportParts, TurnReportView } from '../../kinds/kind.ts';
import { deadlineView } from '../../reports/report-view.ts';
import { sideStyleFor } from '../svg/side-styles.ts';

/** What a form's answer brings back to the game page: problems, notices, what was typed. */
export interface GamePageExtras {
  /**
   * What a form of the kind's own (`WebKind.forms`) brings back to its page when refused, as that form wrote it (the
   * tactical per-ship rows as posted with their problems, a fleet as typed): only the kind that wrote it reads it.
   */
  readonly form?: unknown;
  /** Problems of the whole submission, or a refusal (turn closed…). */
  readonly problems?: readonly string[];
  readonly notice?: string | null;
  /** What became of the orders just sent, shown beside the form (and focused) rather than at the top. */
  readonly ordersResult?: string | null;
  readonly ordersText?: string | null;
  readonly messageError?: string | null;
  readonly messageDraft?: { to: string; text: string; anonymous?: boolean } | null;
}

/**
 * The notice the game page shows after accepted orders: `conceded`, `concede-ask` (the text said CONCEDE alone, which
 * concedes nothing), `complete` (they were the last the turn waited for: it is being resolved, and the page about to
 * show the next turn must not read as if nothing had been sent), or `orders`.
 */
export const acceptedNotice = (r: {
  readonly conceded: unknown;
  readonly turnComplete: boolean;
  readonly commands?: readonly string[];
}): 'conceded' | 'concede-ask' | 'complete' | 'orders' =>
  r.conceded ? 'conceded' : r.commands?.includes('CONCEDE') ? 'concede-ask' : r.turnComplete ? 'complete' : 'orders';

/**
 * What a seat's game page of a kind that mails text reports starts from: the seat's token, its view of the game, its
 * report of the open turn, the settings and the side names.
 */
export async function seatPageBasis(ctx: GamesContext, game: Game, seat: Seat) {
  const token = tokenOf(ctx, seat);
  const settings = settingsOf(game);
  return {
    token,
    gameView: await seatGameView(ctx, game.id, token),
    reported: await seatReport(ctx, game.id, token),
    settings,
    name: (side: string) => sideName(settings, side),
  };
}

/**
 * What every kind's game page says of the sides that sent no orders (or setup) for the last turn, and what was applied
 * instead (the `missed` partial), as the turn's mail report says it.
 */
export const missedOnPage = (ctx: GamesContext, game: Game): Promise<string[]> => missedLastTurn(ctx, game);

/** What every kind's archive page heads with: the game, whether it is over, its dice commitment, the seed once over. */
export function archiveHeading(game: Game) {
  const over = isOver(game);
  return { game: gameHeading(game), over, seedCommitment: game.seedCommitment, seed: over ? game.seed : null };
}

/**
 * What every kind's seat page says once the game is over (null while it runs): the result, the final turn, the dice
 * seed revealed with its commitment, and the archive where every turn, every side's orders and every die are; for a
 * campaign's battle, the campaign it goes back to, which goes on.
 */
export function gameOverPanel(
  game: Game,
  campaign?: { readonly id: string; readonly name: string; readonly turn: number } | null,
) {
  if (!isOver(game)) return null;
  const noun = kindOf(game.ruleset).noun;
  return {
    heading: `The ${noun} is over`,
    result:
      game.result?.summary ??
      (game.status === 'abandoned' ? `the ${noun} was abandoned` : `the ${noun} ended with no result`),
    finalTurn: game.result?.turn ?? (game.currentTurn > 0 ? game.currentTurn : null),
    seed: game.seed,
    seedCommitment: game.seedCommitment,
    archiveUrl: `/archive/${game.id}`,
    campaign: campaign ? { ...campaign, url: `/games/${campaign.id}` } : null,
  };
}

/** What every game page says of the game itself. */
export const gameHeading = (game: Game) => ({
  id: game.id,
  name: game.name,
  status: game.status,
  turn: game.currentTurn,
  public: game.public,
  result: game.result?.summary ?? null,
});

/**
 * Who moderates the game, as every game page says it (issue 24): the reader, a player of the game (by name and side:
 * the opponents are told when their moderator plays), someone who plays no side, or whoever holds the game's key.
 */
export async function moderationLine(ctx: GamesContext, game: Game, reader: Seat): Promise<string> {
  const settings = settingsOf(game);
  const moderator = game.moderatorEmail;
  if (moderator === null) return "Moderated by the holder of the game's moderator key.";
  const seated = (await createSeatsRepository(ctx.db).ofGame(game.id)).filter(
    (s) => s.email.trim().toLowerCase() === moderator,
  );
  const sides = (list: readonly Seat[]) => list.map((s) => sideName(settings, s.side)).join(' and ');
  if (reader.email.trim().toLowerCase() === moderator) {
    return seated.length > 0
      ? `Moderated by you; you play ${sides(seated)}, so as moderator you see only what your seat sees while the game runs.`
      : 'Moderated by you.';
  }
  if (seated.length > 0) return `Moderated by ${seated[0]!.displayName}, who plays ${sides(seated)}.`;
  return 'Moderated by someone who plays no side in this game.';
}

/**
 * The messages form (to the other sides that have a player, and to all of them where the game allows press, while the
 * game runs) and the side's messages, press among them.
 */
export function messagesPanel(
  settings: GameSettings,
  side: string,
  seats: readonly { side: string }[],
  messages: Awaited<ReturnType<typeof messagesOf>>,
  extras: Pick<GamePageExtras, 'messageError' | 'messageDraft'>,
  /** Once the game is over there is nobody to write to: the form goes, the messages stay. */
  over = false,
) {
  const name = (s: string) => sideName(settings, s);
  const draft = extras.messageDraft;
  const sides = settings.sides
    .filter((s) => !over && s.id !== side && seats.some((x) => x.side === s.id))
    .map((s) => ({ id: s.id, name: s.name, selected: draft?.to === s.id }));
  // Press, as the game allows it: to every other player, signed (white) or, where grey press is allowed, anonymous.
  const press =
    settings.press !== 'none' && sides.length > 0
      ? [{ id: PRESS_TO, name: 'Every player (press)', selected: draft?.to === PRESS_TO }]
      : [];
  return {
    to: [...sides, ...press],
    grey: settings.press === 'grey' && press.length > 0,
    anonymous: draft?.anonymous === true,
    list: messages.map((m) => {
      const toAll = m.toSide === PRESS_TO_ALL;
      const incoming = toAll ? m.fromSide !== side : m.toSide === side;
      return {
        incoming,
        // Grey press names its sender to nobody but the sender.
        from: toAll && m.anonymous ? 'an anonymous player' : name(m.fromSide),
        to: toAll ? `every player${m.anonymous ? ' (anonymous)' : ''}` : name(m.toSide),
        turn: m.turn,
        at: m.createdAt,
        text: m.text,
      };
    }),
    error: extras.messageError ?? null,
    draft: draft?.text ?? '',
  };
}

/**
 * The seat's absences on its game page (SET ABSENCE by mail): those not over, cancelled or refused (with the
 * moderator's reason), the game's limits, and whether a form to declare one is shown (not once the game is over, nor
 * in a game that takes none).
 */
export async function absencesPanel(ctx: GamesContext, game: Game, seat: Seat, settings: GameSettings) {
  const now = ctx.clock.now();
  const mine = await absencesOf(ctx, game.id, seat.side);
  return {
    list: mine
      .filter((a) => a.endsAt > now || a.status === 'refused')
      .map((a) => ({
        firstDay: a.firstDay,
        lastDay: a.lastDay,
        oneDay: a.firstDay === a.lastDay,
        status: a.status,
        active: a.status === 'active',
        reason: a.reason,
      })),
    days: settings.absenceDays,
    count: settings.absenceCount,
    open: !isOver(game) && settings.absenceDays > 0,
    today: today(now, seat.timeZone),
    timeZone: seat.timeZone,
  };
}

/**
 * JSON for a `<script type="application/json">` block: `<` is written as `\u003c`, so no text in it can close the
 * element or open a comment.
 */
export function jsonForPage(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * Who reads the archive of a game with hidden information (a campaign's fog, a Mini Combat battle's hidden
 * elements): everything once it has ended, or for its moderator; while it runs, a seat's player reads it as that
 * side (a moderator who holds a seat too: the whole game needs a moderator without one); anyone else nothing yet.
 */
export type HiddenArchiveReader =
  { readonly as: 'all' } | { readonly as: 'side'; readonly side: string } | { readonly as: 'none' };

export async function hiddenArchiveReaderOf(
  ctx: GamesContext,
  game: Game,
  email: string | null,
): Promise<HiddenArchiveReader> {
  if (isOver(game)) return { as: 'all' };
  const mine = email === null ? [] : await seatsInGame(ctx, game.id, email);
  if (mine.length > 0) return { as: 'side', side: mine[0]!.side };
  return isModerator(game, email) ? { as: 'all' } : { as: 'none' };
}

type PageBasis = Awaited<ReturnType<typeof seatPageBasis>>;

/** Each side in a map's legend: its name, its shape, whether it is the reader's. */
export const sideLegend = (sides: readonly string[], name: (side: string) => string, mine: string | null) =>
  sides.map((side) => ({
    side,
    name: name(side),
    shape: sideStyleFor(sides, side, name).shapeName,
    mine: side === mine,
  }));

/**
 * What a seat's page says alike in every kind that mails text reports: the heading, missed turns, who moderates, the
 * seat and the others, the turn and its deadline (none once the game is over), the orders part (`orderText`: the block
 * the form starts from when the seat may order), the messages, the report-mail choice and the dice commitment.
 */
export async function seatPageCommon(
  ctx: GamesContext,
  game: Game,
  seat: Seat,
  mySeats: readonly Seat[],
  basis: PageBasis,
  extras: GamePageExtras,
  orders: { readonly canOrder: boolean; readonly text: string | null | undefined },
) {
  const { gameView, settings, name } = basis;
  const over = isOver(game);
  const turn = gameView.turn;
  const messages = await messagesOf(ctx, game.id, seat.side);
  return {
    game: gameHeading(game),
    missed: await missedOnPage(ctx, game),
    moderation: await moderationLine(ctx, game, seat),
    me: { side: seat.side, sideName: name(seat.side), name: seat.displayName, timeZone: seat.timeZone },
    otherSeats: mySeats.filter((s) => s.id !== seat.id).map((s) => ({ side: s.side, sideName: name(s.side) })),
    seats: gameView.seats.map((s) => ({ ...s, sideName: name(s.side), mine: s.side === seat.side })),
    /** How many observe the game: a number, never who (games/observers). */
    observers: gameView.observers,
    turn: turn && !over ? { number: turn.number, status: turn.status, open: turn.status === 'open' } : null,
    over: gameOverPanel(game),
    deadline: turn && !over ? deadlineView(turn.deadline, seat.timeZone) : null,
    paused: game.status === 'paused',
    orders: {
      canOrder: orders.canOrder,
      standingRule: kindOf(game.ruleset).standingOrders,
      standing: gameView.me.orders
        ? {
            canonical: gameView.me.orders.canonical.trimEnd(),
            receivedAt: gameView.me.orders.receivedAt,
            channel: gameView.me.orders.channel,
          }
        : null,
      text: extras.ordersText ?? (orders.canOrder ? orders.text : null) ?? null,
      problems: extras.problems ?? [],
      notice: extras.notice ?? null,
      result: extras.ordersResult ?? null,
    },
    messages: messagesPanel(settings, seat.side, gameView.seats, messages, extras, over),
    reportMails: seat.reportMails,
    absences: await absencesPanel(ctx, game, seat, settings),
    reportJson: seat.reportJson,
    bounced: bounceOf(seat),
    seedCommitment: game.seedCommitment,
  };
}

/**
 * The report's parts a seat's page shows: the game's end (`end`, told and drawn whole) once it is over, else the
 * seat's report of the open turn — the text map, the last turn told (none before turn 1), the sheets.
 */
export function reportOnPage(
  report: TurnReportView | null,
  end: EndReportParts | null,
  lastTurn: { readonly number: number } | undefined,
) {
  return {
    diagram: end ? end.diagram : (report?.diagram ?? null),
    lastTurn:
      end && lastTurn
        ? { number: lastTurn.number, narrative: end.narrative }
        : report && report.lastTurn !== null && report.lastTurn > 0
          ? { number: report.lastTurn, narrative: report.narrative }
          : null,
    sheets: end ? end.sheets : (report?.sheets ?? []),
    noOrdersReason: report?.noOrdersReason ?? null,
  };
}

/**
 * An archive turn page's stepper: the turn before, the turn after (the open turn after the last resolved one while the
 * game runs), and the last turn played.
 */
export function turnStepper(game: Pick<Game, 'status'>, number: number, last: number) {
  const running = game.status === 'active' || game.status === 'paused';
  return {
    prev: number > 1 ? number - 1 : null,
    next: number < last || (number === last && running) ? number + 1 : null,
    last,
  };
}
