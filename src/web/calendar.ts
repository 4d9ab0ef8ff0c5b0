/**
 * A person's calendar feed, `GET /calendar/<token>.ics`: the deadline of
 * every running game they hold a seat in, as iCalendar (RFC 5545, written by
 * ical-generator), read afresh at each fetch. No login and no cookie: the
 * secret address is the key (src/games/logins/calendar.ts). It holds nothing
 * secret and nothing of anyone else — no token, no address, no other
 * player's name — and each fetch is held to a limit per client address.
 */
import express, { type Router } from 'express';
import ical, { ICalEventTransparency, type ICalCalendar } from 'ical-generator';
import type { GamesContext } from '../games/context.ts';
import { AppError } from '../games/errors.ts';
import { calendarDeadlines, calendarOwner, type CalendarDeadline } from '../games/logins/calendar.ts';
import { limitPerClient } from './rate-limit.ts';

/** How long an event lasts on the calendar: it starts at the deadline. */
const EVENT_MINUTES = 15;

/** How often the feed asks calendar apps to fetch it again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 3600;

/** The feed's file name: the token and `.ics`. */
const FEED_FILE = /^([A-Za-z0-9_-]{1,64})\.ics$/;

/** A request path as the logs may keep it: a feed's token is a secret, and stays out of them. */
export function withoutCalendarToken(url: string): string {
  return url.replace(/^\/calendar\/[^/?#]+/, '/calendar/[token]');
}

/** "2026-01-08 12:00 UTC". */
function utc(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The summary a calendar lists: what is due, in which game. */
export function deadlineSummary(d: Pick<CalendarDeadline, 'setup' | 'gameName' | 'turn'>): string {
  return d.setup ? `msc: setup due — ${d.gameName}` : `msc: orders due — ${d.gameName}, turn ${d.turn}`;
}

/** The feed's text for `deadlines`, stamped `now`. */
export function calendarText(
  ctx: Pick<GamesContext, 'publicUrl'>,
  deadlines: readonly CalendarDeadline[],
  now: Date,
): string {
  const host = new URL(ctx.publicUrl).hostname;
  const calendar: ICalCalendar = ical({
    name: 'Minimal Space Combat deadlines',
    description: 'The deadline of each of your running games, as it stands.',
    prodId: { company: 'msc-pbem', product: 'deadlines', language: 'EN' },
    ttl: REFRESH_SECONDS,
  });
  for (const d of deadlines) {
    const url = `${ctx.publicUrl}/games/${d.gameId}`;
    const what = d.setup ? 'The setup' : `Orders for turn ${d.turn}`;
    calendar.createEvent({
      // One event per game and turn: a moved deadline moves the same event.
      id: `${d.gameId}-turn-${d.turn}@${host}`,
      start: d.deadline,
      end: new Date(d.deadline.getTime() + EVENT_MINUTES * 60_000),
      stamp: now,
      summary: deadlineSummary(d),
      description: `${what} of ${d.gameName} (game ${d.gameId}, a ${d.kindTitle}; you play ${d.sides.join(' and ')}) are due by ${utc(d.deadline)}.\n${url}`,
      url,
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one too.
  return `${calendar.toString()}\r\n`;
}

/** The feed's route, limited to `rateLimit` fetches per client address a minute (0 or none: no limit). */
export function calendarRoutes(ctx: GamesContext, options: { readonly rateLimit?: number } = {}): Router {
  const router = express.Router();
  const limit = limitPerClient(options.rateLimit, 'minute', 'calendar fetches');
  router.get('/calendar/:file', ...limit, async (req, res) => {
    const file = req.params.file;
    const token = typeof file === 'string' ? FEED_FILE.exec(file)?.[1] : undefined;
    const email = token === undefined ? null : await calendarOwner(ctx, token);
    if (email === null)
      throw new AppError(
        'CALENDAR_NOT_FOUND',
        'there is no such calendar: copy its address again from your home page (a new address ends the old one)',
        404,
      );
    const text = calendarText(ctx, await calendarDeadlines(ctx, email), ctx.clock.now());
    res
      .set('Cache-Control', 'no-store')
      .set('X-Robots-Tag', 'noindex')
      .type('text/calendar; charset=utf-8')
      .set('Content-Disposition', 'inline; filename="msc-deadlines.ics"')
      .send(text);
  });
  return router;
}
