/**
 * Limits per client address (express-rate-limit), answered as every other
 * refusal: a 429 with the code RATE_LIMITED and a message that says how many
 * are allowed, with the standard RateLimit headers.
 */
import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { AppError } from '../games/errors.ts';

const WINDOWS = { minute: 60_000, hour: 3_600_000 } as const;

/** At most `limit` requests per client address per minute or hour; none when the limit is 0 or unset. */
export function limitPerClient(
  limit: number | undefined,
  per: keyof typeof WINDOWS,
  what = 'requests',
): RequestHandler[] {
  if (!limit) return [];
  return [
    rateLimit({
      windowMs: WINDOWS[per],
      limit,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      handler: (_req, _res, next) => {
        next(
          new AppError(
            'RATE_LIMITED',
            `too many ${what} from your address: at most ${limit} per ${per}; try again later`,
            429,
          ),
        );
      },
    }),
  ];
}
