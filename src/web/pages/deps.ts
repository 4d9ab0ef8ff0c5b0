/** What every page router is given, and the small helpers they share. */
import type { Request, Response } from 'express';
import type { GamesContext } from '../../games/context.ts';
import type { InboundOptions } from '../../mail/inbound.ts';
import { AppError } from '../../games/errors.ts';
import type { Logger } from '../../log.ts';
import type { Metrics } from '../metrics.ts';
import type { PageFrame } from './render.ts';
import { sessionOf, type SessionSupport } from './session.ts';

export type CreateGamesPolicy = 'anyone' | 'listed';

export interface PageSettings {
  /** PUBLIC_URL is https: cookies are Secure and `__Host-` named. */
  readonly secure: boolean;
  /** Who may create games on the web: any logged-in person, or the addresses listed. */
  readonly createGames: CreateGamesPolicy;
  readonly moderatorEmails: readonly string[];
  /** Outgoing mail stays in the local mailbox (no MAIL_SMTP_URL): /mailbox shows it. */
  readonly localMailbox: boolean;
  /** Login forms one client address may send per hour (0: no limit). */
  readonly rateLimitLogin: number;
  /** Order forms one client address may post per minute (0: no limit). */
  readonly rateLimitOrders: number;
  /** Messages one client address may send per hour (0: no limit). */
  readonly rateLimitMessages: number;
  /** New-game forms one client address may post per hour (0: no limit). */
  readonly rateLimitCreate?: number;
  readonly bodyLimitKb: number;
  /** The From of the service's mail (MAIL_FROM), as the local mailbox shows it; default orders@MAIL_DOMAIN. */
  readonly mailFrom?: string;
  /** The receiving limits (MAIL_MAX_BYTES, MAIL_RATE_PER_HOUR) a reply written in the local mailbox meets. */
  readonly inbound?: Partial<InboundOptions>;
}

export const DEFAULT_PAGE_SETTINGS: PageSettings = {
  secure: false,
  createGames: 'anyone',
  moderatorEmails: [],
  localMailbox: true,
  rateLimitLogin: 30,
  rateLimitOrders: 120,
  rateLimitMessages: 20,
  bodyLimitKb: 512,
};

export interface PagesDeps {
  readonly ctx: GamesContext;
  readonly sessions: SessionSupport;
  readonly settings: PageSettings;
  readonly logger?: Logger;
  readonly metrics?: Metrics;
}

/** The logged-in address; a visitor who is not logged in is sent to the login page. */
export function requireLogin(req: Request): string {
  const email = sessionOf(req).email;
  if (email === null) throw new AppError('LOGIN_NEEDED', 'log in to see this page', 401);
  return email;
}

/** Whether `email` may create games (CREATE_GAMES): on the web pages and over the API alike. */
export function mayCreateGames(
  settings: Pick<PageSettings, 'createGames' | 'moderatorEmails'>,
  email: string | null,
): boolean {
  if (email === null) return false;
  return settings.createGames === 'anyone' || settings.moderatorEmails.includes(email.toLowerCase());
}

export function frameFor(
  deps: PagesDeps,
  req: Request,
  res: Response,
  title: string,
  extra: Partial<PageFrame> = {},
): PageFrame {
  return {
    title,
    user: sessionOf(req).email,
    csrf: deps.sessions.csrfToken(req, res),
    mailbox: deps.settings.localMailbox,
    ...extra,
  };
}
