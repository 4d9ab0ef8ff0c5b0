/**
 * The tactical battle's own forms on its game page: the orders as one row per ship (`POST /games/:id/orders`), and
 * the fleet of the setup phase (`POST /games/:id/fleet`: a fleet designed and placed, or — in a campaign's battle —
 * the ships given, placed). Each goes to the same use case as mail and the API, and a refusal comes back to the form
 * it came from, each problem beside the ship or line it concerns.
 */
import { AppError } from '../../../games/errors.ts';
import { submitText } from '../../../games/turns/submit-text.ts';
import { submitFleet } from '../../../games/seats/setup.ts';
import { campaignOfBattle } from '../../../games/battles/views.ts';
import { problemsByRow, rowsFromForm, rowsToText, type OrderRow } from './order-form.ts';
import type { FormAnswer, KindForm, SeatPost } from '../web-kind.ts';
import { acceptedNotice } from '../page-parts.ts';

/** What a refused tactical form brings back to the page (`GamePageExtras.form`). */
export interface TacticalFormState {
  /** The per-ship rows as posted, and their problems by ship. */
  readonly posted?: readonly OrderRow[];
  readonly shipProblems?: ReadonlyMap<string, string[]>;
  /** The fleet (or deployment) as typed, and its problems by line. */
  readonly fleetText?: string;
  readonly fleetProblems?: readonly string[];
}

/** The tactical state a refused form left for the page; nothing when the page was not drawn after one. */
export const tacticalFormState = (form: unknown): TacticalFormState =>
  typeof form === 'object' && form !== null ? form : {};

/** A form field as text; anything else a hostile body may hold (an array, an object) reads as empty. */
function textField(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** Lines of an answer as the page lists them. */
function listed(error: AppError): string[] {
  return error.problems.length > 0
    ? error.problems.map((p) => (p.line === null || p.line === undefined ? p.message : `line ${p.line}: ${p.message}`))
    : [error.message];
}

/** The orders as one row per ship: written as orders text for the seat's turn, each problem put back on its row. */
const orderRows: KindForm = {
  path: 'orders',
  orders: true,
  async post({ ctx, game, token, req }: SeatPost): Promise<FormAnswer> {
    const rows = rowsFromForm(req.body);
    // The turn the form was made for: orders for a turn that has since resolved are refused, not moved on.
    const formTurn = Number((req.body as { turn?: unknown }).turn);
    const turn = Number.isInteger(formTurn) && formTurn > 0 ? formTurn : game.currentTurn;
    try {
      const r = await submitText(ctx, {
        gameId: game.id,
        token,
        text: rowsToText(game.id, turn, rows),
        channel: 'web',
      });
      return { done: acceptedNotice(r), submission: 'accepted' };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code !== 'ORDERS_REJECTED')
        return {
          refused: { problems: [error.message, ...(error.problems.length > 0 ? listed(error) : [])] },
          status: error.status,
        };
      const { byShip, general } = problemsByRow(
        rows,
        error.problems.map((p) => ({
          line: p.line ?? null,
          code: p.code,
          message: p.message,
          ...(p.ship ? { ship: p.ship } : {}),
        })),
      );
      const form: TacticalFormState = { posted: rows, shipProblems: byShip };
      return { refused: { form, problems: [error.message, ...general] }, status: 422, submission: 'rejected' };
    }
  },
};

/** The fleet of the setup phase; in a campaign's battle, the placement of the ships given (`ID HEX FACING`). */
const fleet: KindForm = {
  path: 'fleet',
  orders: false,
  async post({ ctx, game, token, req }: SeatPost): Promise<FormAnswer> {
    const text = textField(req.body, 'fleet').slice(0, 20_000);
    const linked = (await campaignOfBattle(ctx, game.id)) !== null;
    const placement = linked ? deploymentFromText(text, game.id) : null;
    try {
      await submitFleet(
        ctx,
        game.id,
        token,
        { ships: placement ? placement.map((p) => p.ship) : fleetFromText(text) },
        'web',
      );
      return linked ? { done: 'deployed', anchor: 'deploy' } : { done: 'fleet' };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const form: TacticalFormState = {
        fleetProblems: placement ? deploymentProblems(error, placement) : listed(error),
        fleetText: text,
      };
      return { refused: { form }, status: error.status };
    }
  },
};

export const tacticalForms: readonly KindForm[] = [orderRows, fleet];

export const tacticalNotices: Readonly<Record<string, string>> = {
  fleet: 'Your fleet is in. The game starts when every side has sent its fleet.',
  deployed: 'Your deployment is in. The battle starts when both sides have deployed.',
};

/**
 * The deployment form's text: one ship a line, `ID HEX FACING`, e.g. `B1 1216 N`, or the mail's line for it,
 * `DEPLOY B1 1216 N` (the mail block's `GAME <this game>` and `END` lines, when it is pasted whole, are passed over);
 * each with its line number, for the problems. Whatever does not read is passed on as it is, for submitFleet to name;
 * words after the facing are kept with it, so that a line of more than three words is refused rather than read in
 * part.
 */
function deploymentFromText(text: string, gameId: string) {
  const header = (line: string) => {
    const words = line.split(/\s+/);
    return (words[0]?.toUpperCase() === 'GAME' && words[1]?.toLowerCase() === gameId) || /^END$/i.test(line);
  };
  return text
    .split(/\r?\n/)
    .map((l, i) => ({ line: i + 1, text: l.replace(/#.*/, '').trim() }))
    .filter((l) => l.text !== '' && !header(l.text))
    .map((l) => ({ ...l, text: l.text.replace(/^DEPLOY\s+/i, '') }))
    .slice(0, 500)
    .map(({ line, text }) => {
      const [id = '', hex = '', ...facing] = text.split(/\s+/);
      return { line, ship: { id, hex, facing: facing.join(' ').toUpperCase() } };
    });
}

/**
 * A refused deployment's problems as the form lists them: each by the line and ship it concerns (the body's
 * `ships.<n>` read back to the form's line), the rest as they are.
 */
function deploymentProblems(error: AppError, placement: ReturnType<typeof deploymentFromText>): string[] {
  if (error.problems.length === 0) return [error.message];
  // The k-th problem of a kind about a ship is about its k-th line (a ship placed twice: the line after).
  const seen = new Map<string, number>();
  const lineOf = (code: string, ship: string) => {
    const key = `${code} ${ship.toUpperCase()}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const lines = placement.filter((p) => p.ship.id.toUpperCase() === ship.toUpperCase());
    return lines[code === 'SHIP_TWICE' ? k + 1 : k]?.line;
  };
  return [
    error.message,
    ...error.problems.map((p) => {
      const field = /^ships\.(\d+)\.(\w+): (.*)$/s.exec(p.message);
      if (field) {
        const at = placement[Number(field[1])];
        return at ? `line ${at.line} (${at.ship.id || 'no id'}): ${field[2]}: ${field[3]}` : p.message;
      }
      if (/^ships: /.test(p.message)) return 'no ship is placed: write one line for each ship you were given';
      const line = p.ship ? lineOf(p.code, p.ship) : undefined;
      return p.ship ? `${line ? `line ${line} ` : ''}(${p.ship}): ${p.message}` : p.message;
    }),
  ];
}

/**
 * The fleet form's text: one ship a line, `ID HEX FACING ENGINE SHIELDS TO-HIT WEAPONS…`,
 * e.g. `Hawk 0203 SE 3 3 3 F FL FR`. Whatever does not read is passed on as it is,
 * for submitFleet to name.
 */
function fleetFromText(text: string) {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*/, '').trim())
    .filter((l) => l !== '')
    .slice(0, 60)
    .map((line) => {
      const [id = '', hex = '', facing = '', engine = '', shields = '', toHit = '', ...weapons] = line.split(/\s+/);
      return {
        id,
        hex,
        facing: facing.toUpperCase(),
        engine: Number(engine),
        shields: Number(shields),
        toHit: Number(toHit),
        weapons: weapons.join(' ').toUpperCase(),
      };
    });
}
