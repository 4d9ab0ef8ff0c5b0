/**
 * A linked battle's deployment in the orders language (docs/mail.md "Deploying
 * a campaign battle by mail"): one `DEPLOY <ship> <hex> <facing>` line per
 * ship given, in a `GAME <id> … END` block, read with the header, commands and
 * quoting rules every submission shares (parse.ts). Only the shape of each line
 * is checked here; whether the ships are the side's, each once, every one, on
 * hexes of its zone, is the deployment use case's to say (games/seats/setup.ts).
 */
import { DIRECTIONS, type Direction } from '../rules/types.ts';
import { readSubmission, type OrderLines, type Reading, type SubmissionCommon } from './submission.ts';
import type { OrdersProblem } from './types.ts';
import { isOneOf, keyword, show } from './words.ts';

/** Codes this module reports itself, besides those of the shared lines (types.ts ORDERS_CODES). */
export const DEPLOY_CODES = ['DEPLOY_FORMAT', 'FACING_UNKNOWN'] as const;

export interface DeploymentContext {
  readonly gameId: string;
  readonly side: string;
  /** Every side of the game, for MESSAGE. */
  readonly sides: readonly string[];
  /** The deployment blocks the service sent the seat: one quoted back unchanged is not taken. */
  readonly sent: readonly string[];
}

/** One ship placed, with the line that placed it. */
export interface DeployLine {
  readonly line: number;
  readonly id: string;
  readonly hex: string;
  readonly facing: Direction;
}

export interface ParsedDeployment extends SubmissionCommon {
  /** The DEPLOY lines in the order written, the same ship twice included (the use case refuses it). */
  readonly placements: readonly DeployLine[];
}

export type DeploymentOutcome =
  { ok: true; value: ParsedDeployment } | { ok: false; errors: OrdersProblem[]; partial: ParsedDeployment };

/** The block a deployment mail offers, ready to send back: the side's ships as `placement` places them. */
export function deploymentBlock(
  gameId: string,
  placement: readonly { readonly id: string; readonly hex: string; readonly facing: string }[],
): string {
  return [`GAME ${gameId}`, ...placement.map((p) => `DEPLOY ${p.id} ${p.hex} ${p.facing}`), 'END'].join('\n');
}

function deployLines(ctx: DeploymentContext, placements: DeployLine[]): OrderLines {
  return {
    keywords: ['DEPLOY'],
    sent: () => ctx.sent,
    empty:
      'no deployment found: write one line per ship, e.g. DEPLOY <ship> <hex> <facing>, between GAME and END, as in the block of the deployment mail',
    read(r: Reading, line: number, ws: readonly string[]): string | undefined {
      const [, id, hex, facing] = ws;
      if (ws.length !== 4) {
        r.report(line, {
          code: 'DEPLOY_FORMAT',
          message: `a deployment line is DEPLOY <ship> <hex> <facing>, e.g. DEPLOY ${id === undefined ? 'B1' : show(id, 20)} 1016 N: four words, not ${ws.length}`,
        });
        return undefined;
      }
      const direction = keyword(facing);
      if (!isOneOf(direction, DIRECTIONS)) {
        r.report(line, {
          code: 'FACING_UNKNOWN',
          ship: show(id!, 40),
          message: `${show(facing!, 20)} is not a facing: choose one of ${DIRECTIONS.join(' ')}`,
        });
        return undefined;
      }
      placements.push({ line, id: id!, hex: hex!, facing: direction });
      return id;
    },
  };
}

/** Reads a seat's deployment; never throws, every problem listed with its line. */
export function parseDeployment(text: string, ctx: DeploymentContext): DeploymentOutcome {
  const placements: DeployLine[] = [];
  const r = readSubmission(
    text,
    { gameId: ctx.gameId, turn: 0, side: ctx.side, sides: ctx.sides },
    deployLines(ctx, placements),
  );
  const value: ParsedDeployment = { ...r.value, placements };
  return r.problems.length === 0 ? { ok: true, value } : { ok: false, errors: r.problems, partial: value };
}

/**
 * The line a problem of the deployment use case is about, from the ship it names: the second line of a ship placed
 * twice, else the first that places it; null for a ship not placed at all.
 */
export function lineOfShip(placements: readonly DeployLine[], code: string, ship: string | undefined): number | null {
  if (ship === undefined) return null;
  const lines = placements.filter((p) => p.id.toUpperCase() === ship.toUpperCase()).map((p) => p.line);
  return (code === 'SHIP_TWICE' ? lines[1] : lines[0]) ?? null;
}
