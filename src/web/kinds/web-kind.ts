/**
 * A game kind's pages: everything the web shows of a game that depends on its
 * rules, behind one interface, so that the players', archive and moderator
 * routes never ask which kind they serve. Each kind's folder here implements
 * it, with its templates in templates/web/kinds/<ruleset>/ and its browser
 * scripts in static/kinds/<ruleset>/; ./index.ts registers it by ruleset.
 */
import type { Request } from 'express';
import type { GamesContext } from '../../games/context.ts';
import type { Game } from '../../games/games/games.repository.ts';
import type { GameSettings } from '../../games/games/settings.ts';
import type { Moderator } from '../../games/moderation/moderation.ts';
import type { Seat } from '../../games/seats/seats.repository.ts';
import type { GamePageExtras } from './page-parts.ts';
import type { NewGameFields } from './new-game.ts';

/** A page a kind builds: its template (under templates/web/kinds/<ruleset>/, named `<ruleset>/<file>`) and data. */
export interface KindPage {
  readonly template: string;
  /** The page's title (the browser tab, the heading's context). */
  readonly title: string;
  /** Scripts (under /static) the page loads as modules. */
  readonly scripts?: readonly string[];
  readonly model: object;
}

/** A section of a shared page drawn by a kind: a partial of its templates (`<ruleset>/<file>`) and its data. */
export interface KindSection {
  readonly partial: string;
  readonly model: object;
}

/** Who reads a game's archive, for a kind whose pages depend on it (a campaign's fog). */
export interface ArchiveReader {
  readonly email: string | null;
}

/** A seat posting one of its kind's own forms: who, in which game, and what was posted. */
export interface SeatPost {
  readonly ctx: GamesContext;
  readonly game: Game;
  readonly seat: Seat;
  /** The seat's token, for the use cases (the same as mail and the API use). */
  readonly token: string;
  readonly req: Request;
}

/** What became of a kind's form: accepted (the page shows notice `done`), or refused (the page again, and why). */
export type FormAnswer =
  | { readonly done: string; readonly anchor?: string; readonly submission?: 'accepted' }
  | { readonly refused: GamePageExtras; readonly status: number; readonly submission?: 'rejected' };

/**
 * A form of a kind's game page beyond the orders text every kind's page has (`POST /games/:id/orders/text`): posted
 * to `/games/:id/<path>` by a seat, read by the kind, and sent to the same use case as mail and the API.
 */
export interface KindForm {
  readonly path: string;
  /** Whether it sends orders, and so shares the order forms' rate limit. */
  readonly orders: boolean;
  post(post: SeatPost): Promise<FormAnswer>;
}

export interface WebKind {
  /** A seat's game page: the map, the last turn, the records, the order (or setup) form, the messages. */
  gamePage(
    ctx: GamesContext,
    game: Game,
    seat: Seat,
    mySeats: readonly Seat[],
    extras: GamePageExtras,
  ): Promise<KindPage>;
  /**
   * The game's archive page for a reader (its turns, the dice commitment, the map as it stands), or null when the
   * reader may not see the game while it runs: the archive then says so.
   */
  archivePage(ctx: GamesContext, game: Game, reader: ArchiveReader): Promise<KindPage | null>;
  /** One turn of the archive (before, after, orders, events, dice), or null as for `archivePage`. */
  archiveTurnPage(ctx: GamesContext, game: Game, reader: ArchiveReader, turn: number): Promise<KindPage | null>;
  /**
   * What the moderator's board shows of the whole game beyond what it shows of every game, or null (nothing more).
   * `state` is the state document as the moderator's view gives it.
   */
  moderatorBoard(
    ctx: GamesContext,
    moderator: Moderator,
    game: Game,
    state: unknown,
    settings: GameSettings,
  ): Promise<KindSection | null>;
  /** The kind's part of the new-game page. */
  readonly newGame: NewGameFields;
  /** The kind's own forms on its game page (none: it takes orders as text only). */
  readonly forms: readonly KindForm[];
  /** What the game page says once one of them is accepted, by its `done`. */
  readonly notices: Readonly<Record<string, string>>;
}
