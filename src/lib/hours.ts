/**
 * How long a turn or a setup may stay open, in hours, as every settings schema takes it: at least three minutes,
 * at most sixty days; null for no deadline (the turn waits for every side).
 */
import { z } from 'zod';

export const MAX_HOURS = 24 * 60;

/** Hours a phase stays open (null: it waits), 72 unless given. */
export const openHoursSchema = () => z.number().min(0.05).max(MAX_HOURS).nullable().default(72);
