/**
 * What a turn report is, for every kind (service.md "Reports and pictures"):
 * the view mail templates and web pages render — what happened in the last
 * turn, the text map, the records (Ship Turn Records, or a kind's own sheets),
 * the order block for the turn now open and its deadline in UTC and in the
 * reader's own time zone. A kind fills it from its own state (the tactical
 * battle: turn-report.ts; the campaign: src/kinds/strategic/report.ts); it
 * holds no secret and no address.
 */

/**
 * Text reports are at most this wide (diagram included): RFC 5322's 78, so that a plain-text
 * client 80 columns wide shows the map as drawn.
 */
export const REPORT_WIDTH = 78;
/** The wide report a player may choose (SET WIDTH 100): more of the map, for a wide window. */
export const WIDE_REPORT_WIDTH = 100;
/** The widths a player may choose. */
export const REPORT_WIDTHS = [REPORT_WIDTH, WIDE_REPORT_WIDTH] as const;
export type ReportWidth = (typeof REPORT_WIDTHS)[number];

/** A stored preference as a width: anything but a known width is the default. */
export function reportWidth(value: number | null | undefined): ReportWidth {
  return (REPORT_WIDTHS as readonly number[]).includes(value ?? 0) ? (value as ReportWidth) : REPORT_WIDTH;
}

/** A deadline as players read it. */
export interface DeadlineView {
  /** False: the turn waits for every seat's orders. */
  readonly set: boolean;
  /** e.g. `Thu 2026-01-08 12:00 UTC`; null without a deadline. */
  readonly utc: string | null;
  /**
   * In the reader's zone, e.g. `Thu 8 Jan 2026, 13:00 CET (Europe/Paris)`; null without a deadline or when the zone is
   * UTC.
   */
  readonly local: string | null;
  readonly timeZone: string;
  /** One line with both. */
  readonly text: string;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function utcText(at: Date): string {
  return `${WEEKDAYS[at.getUTCDay()]} ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function localText(at: Date, timeZone: string): string | null {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return null;
  try {
    const shown = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    }).format(at);
    return `${shown} (${timeZone})`;
  } catch {
    // A zone this runtime does not know: the UTC time alone is still right.
    return null;
  }
}

export function deadlineView(deadline: Date | null, timeZone: string): DeadlineView {
  if (!deadline) {
    return {
      set: false,
      utc: null,
      local: null,
      timeZone,
      text: 'no deadline: the turn resolves when every side has sent orders',
    };
  }
  const utc = utcText(deadline);
  const local = localText(deadline, timeZone);
  return { set: true, utc, local, timeZone, text: local ? `${utc} = ${local}` : utc };
}

/** A deadline in UTC and in the player's own time zone, on one line. */
export function describeDeadline(deadline: Date | null, timeZone: string): string {
  return deadlineView(deadline, timeZone).text;
}

/** One turn of a Ship Turn Record: the SPEED and plot flown, and the damage taken. */
export interface ShipTurnLine {
  readonly turn: number;
  /** Null when the ship did not move that turn (it had left play). */
  readonly speed: number | null;
  readonly move: string;
  readonly from: string;
  readonly to: string;
  readonly facing: string;
  /** Whose plot it was: the player's orders, the standing order (no orders in), or the solo rules. */
  readonly by: 'orders' | 'no orders' | 'solo' | '';
  /** e.g. `Grey F: SHIELDS -1 (die 2)`, `destroyed`. */
  readonly damage: readonly string[];
}

/** One mount of the record's weapon row: O intact, X lost, - never fitted (the book's filled-in oval). */
export interface WeaponMount {
  readonly mount: string;
  readonly mark: 'O' | 'X' | '-';
}

/** The seed's Ship Turn Record, kept by the service: stats, damage, SPEED and moves per turn. */
export interface ShipTurnRecord {
  readonly id: string;
  readonly side: string;
  readonly status: string;
  /** e.g. `in play at 0406 facing NE, last SPEED 3`, `destroyed in turn 4 (at 0605, by Grey)`. */
  readonly state: string;
  readonly engine: { readonly now: number; readonly built: number; readonly ovals: string };
  readonly shields: { readonly now: number; readonly built: number; readonly ovals: string };
  readonly toHit: number;
  readonly weapons: readonly WeaponMount[];
  /** The turns shown: the last RECORD_TURNS_IN_MAIL in a mailed report, every one on the web. */
  readonly turns: readonly ShipTurnLine[];
  /** The turns left out of `turns` (shown on the game page), or null when none are. */
  readonly earlier: { readonly from: number; readonly to: number } | null;
  /** The record as fixed-width text, at most REPORT_WIDTH columns. */
  readonly lines: readonly string[];
}

export interface SideRecords {
  readonly side: string;
  readonly sideName: string;
  readonly records: readonly ShipTurnRecord[];
}

/** A record sheet as fixed-width text lines, e.g. a campaign's Fleet Control Sheet. */
export interface ReportSheet {
  readonly title: string;
  readonly lines: readonly string[];
}

export interface TurnReportView {
  readonly game: { readonly id: string; readonly name: string };
  readonly turn: number;
  readonly observer: boolean;
  /** The reader's side and its name; null for a moderator or observer. */
  readonly side: string | null;
  readonly sideName: string | null;
  /** The turn the narrative tells; null before the first turn has been played. */
  readonly lastTurn: number | null;
  /** Which sides sent no orders (or setup) for the turn before, and what was applied instead; none: everyone did. */
  readonly missed?: readonly string[];
  /** Sentences, in order, every die shown; damage lines are indented under their shot. */
  readonly narrative: readonly string[];
  readonly diagram: string;
  /** False when the diagram shows only part of the map (the crop is stated under it); default true. */
  readonly wholeMap?: boolean;
  /** Columns of the text report; default REPORT_WIDTH. */
  readonly width?: number;
  /** Ship Turn Records by side: the reader's own, or every side's for an observer. */
  readonly sides: readonly SideRecords[];
  /** Other record sheets, for kinds without Ship Turn Records (a campaign's Fleet and Production Control Sheets). */
  readonly sheets?: readonly ReportSheet[];
  /** The ready-to-edit orders for the open turn; null when the reader has none to give. */
  readonly orderBlock: string | null;
  /** Why there is no order block, for a seat that has none. */
  readonly noOrdersReason: string | null;
  readonly deadline: DeadlineView;
  readonly seedCommitment: string | null;
}
