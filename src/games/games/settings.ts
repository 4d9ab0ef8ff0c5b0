/**
 * A game's settings: everything a moderator chooses when creating it. Plain
 * data from a form, the API or the CLI is checked here.
 */
import { z } from 'zod';
import { MAX_HOURS, openHoursSchema } from '../../lib/hours.ts';
import type { PlacedShip } from '../../kinds/tactical/scenarios.ts';
import { checkSidesAndZones, zoneSchema } from '../../kinds/zones.ts';

export { describeZone, inZone, type Zone } from '../../kinds/zones.ts';

/** Press a game allows (`press`): none, signed press to all (white), and anonymous press too (grey). */
export const PRESS_CHOICES = ['none', 'white', 'grey'] as const;
export type PressChoice = (typeof PRESS_CHOICES)[number];

export const sideId = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,19}$/, 'a side id is 1–20 lowercase letters, digits or dashes, starting with a letter');

export const gameSettingsSchema = z
  .strictObject({
    map: z.strictObject({ width: z.number().int().min(4).max(99), height: z.number().int().min(4).max(99) }),
    sides: z
      .array(z.strictObject({ id: sideId, name: z.string().trim().min(1).max(40) }))
      .min(2)
      .max(8),
    /** BP each side may spend on its fleet in the setup phase. */
    budget: z.number().int().min(1).max(5000).default(45),
    /** Ship sizes (BP) allowed; null: any cost up to 25. */
    sizes: z.array(z.number().int().min(1).max(25)).min(1).nullable().default([10, 15, 20]),
    /** Deployment zones by side; a side without one may deploy anywhere on the map. */
    zones: z.record(z.string(), zoneSchema).default({}),
    /** Hours a turn stays open; null: no deadline (the turn waits for every seat). */
    turnHours: openHoursSchema(),
    /** Reminders to seats still missing orders, in hours before the deadline. */
    reminderHours: z.array(z.number().positive().max(MAX_HOURS)).max(5).default([24, 2]),
    turnLimit: z.number().int().min(1).max(999).nullable().default(null),
    /** What happens to a seat without orders at the deadline. */
    noOrders: z.enum(['standing', 'solo']).default('standing'),
    /**
     * After this many turns missed in a row by a seat (no orders, no HOLD, by the deadline), the rules play its side
     * where the kind's rules can (a tactical battle's solo rules); otherwise the moderator is asked to replace the
     * player. 0: never.
     */
    missedTurnLimit: z.number().int().min(0).max(99).default(3),
    /**
     * Absences a player may declare (SET ABSENCE): at most `absenceDays` days in all and `absenceCount` absences per
     * seat in the game; a deadline inside one moves to its end. 0 days: no absences in this game.
     */
    absenceDays: z.number().int().min(0).max(60).default(14),
    absenceCount: z.number().int().min(1).max(20).default(3),
    /**
     * Press (`MESSAGE ALL`, a message to every other seat): none, white (signed with the sender's side) or grey (white,
     * and anonymous press too: `MESSAGE ALL ANONYMOUS`). Messages to one side (`MESSAGE <side>`) are taken whatever
     * it is.
     */
    press: z.enum(PRESS_CHOICES).default('white'),
    /** Sides played by the solo rules for the whole game. */
    solo: z.array(sideId).default([]),
    /** Accept order mail with a valid token from any sender address. */
    relaxSender: z.boolean().default(false),
    /** Finished games appear in the public archive. */
    public: z.boolean().default(true),
    /** Whether people without a seat may observe the game (OBSERVE by mail, or the game's observe page). */
    observers: z.enum(['none', 'allowed']).default('none'),
    /**
     * What observers get while the game runs: `neutral`, each turn's report as every side may read it; `end`, only
     * a word that a turn resolved, and the whole game once it is over. Null: the kind's default (`neutral` where the
     * kind has a neutral report, `end` otherwise; games/observers/observer-view.ts).
     */
    observerView: z.enum(['neutral', 'end']).nullable().default(null),
  })
  .superRefine((s, ctx) => {
    checkSidesAndZones(s, ctx);
  });

export type GameSettingsInput = z.input<typeof gameSettingsSchema>;
export type GameSettings = z.output<typeof gameSettingsSchema>;

/**
 * A game's settings as the games table holds them: the settings proper, plus
 * the scenario's name and the solo sides' fleets. Written by the create use
 * case after checking; the settings proper are read back through settingsOf
 * (state.ts), which checks them once per row read.
 */
export interface StoredGameSettings {
  readonly scenario?: string;
  readonly soloFleets?: Record<string, PlacedShip[]>;
  /** A kind with its own settings (a campaign): them, as its `setup.settingsSchema` read them. */
  readonly kindSettings?: unknown;
  readonly [setting: string]: unknown;
}

/** The name a side is shown by: its name in the settings, or its id if they do not name it. */
export function sideName(settings: Pick<GameSettings, 'sides'>, side: string): string {
  return settings.sides.find((s) => s.id === side)?.name ?? side;
}
