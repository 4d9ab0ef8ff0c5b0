/**
 * The solo rules' tables (rules-solo.md §2, §3), cell for cell from the seed.
 * Kept as the seed prints them, so that they can be checked against it by eye
 * and by test.
 */

export type SoloSpeed = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * Movement tables: for each SPEED, six rows (die 1–6) of four columns:
 * 1 = friendly Left / enemy Left, 2 = friendly Left / enemy Right,
 * 3 = friendly Right / enemy Left, 4 = friendly Right / enemy Right.
 */
export const MOVEMENT_TABLES: Readonly<Record<SoloSpeed, readonly (readonly string[])[]>> = {
  6: [
    ['3L2', '3L2', '3R2', '3R2'],
    ['2L3', '3R2', '3L2', '2R3'],
    ['4L1', '2L3', '2R3', '4R1'],
    ['1L4', '2R3', '2L3', '1R4'],
    ['3L2', '4R1', '4L1', '3R2'],
    ['3L2', '2L3', '3L2', '3R2'],
  ],
  5: [
    ['3L1', '3L1', '3R1', '3R1'],
    ['2L2', '3R1', '3L1', '2R2'],
    ['1L3', '2L2', '2R2', '1R3'],
    ['2L2', '2R2', '2L2', '2R2'],
    ['3L1', '1R3', '1L3', '3R1'],
    ['1L3', '2R2', '2L2', '1R3'],
  ],
  4: [
    ['2L1', '2L1', '2R1', '2R1'],
    ['1L2', '2R1', '2L1', '1R2'],
    ['3L', '1L2', '1R2', '3R'],
    ['L3', '1R2', '1L2', 'R3'],
    ['2L1', '2R1', '2L1', '1R2'],
    ['1L2', '1R2', '1L2', '2R1'],
  ],
  3: [
    ['1L1', '1L1', '1R1', '1R1'],
    ['2L', '1R1', '1L1', '2R'],
    ['L2', 'L2', 'R2', 'R2'],
    ['1L1', 'R2', 'L2', '1R1'],
    ['1L1', '2R', '2L', '1R1'],
    ['2L', '1R1', '1L1', '2R'],
  ],
  2: [
    ['1L', '1L', '1L', '1R'],
    ['L1', '1R', '1R', 'R1'],
    ['1L', 'R1', 'R1', '1R'],
    ['L1', 'L1', 'L1', 'R1'],
    ['1L', '1R', '1L', '1R'],
    ['L1', '1L', '1R', 'R1'],
  ],
  1: [
    ['1', '1', '1', '1'],
    ['L', 'R', 'L', 'R'],
    ['1', '1', '1', '1'],
    ['L', 'R', 'R', 'R'],
    ['1', '1', '1', '1'],
    ['L', 'R', 'L', 'R'],
  ],
};

export const isSoloSpeed = (speed: number): speed is SoloSpeed => Number.isInteger(speed) && speed >= 1 && speed <= 6;

/** Which of the candidates (nearest first) the Attack table picks. */
export type AttackPick = 'nearest' | 'middle' | 'furthest';

/** Attack table: for each die 1–6, the pick among 2 ships and among 3 ships. */
export const ATTACK_TABLE: Readonly<Record<2 | 3, readonly AttackPick[]>> = {
  2: ['nearest', 'furthest', 'nearest', 'furthest', 'nearest', 'furthest'],
  3: ['nearest', 'middle', 'furthest', 'nearest', 'middle', 'furthest'],
};
