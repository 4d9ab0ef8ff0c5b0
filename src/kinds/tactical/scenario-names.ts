/** The scenarios a game can be created from (scenarios.ts), named apart so the CLI can list them cheaply. */
export const SCENARIOS = ['tutorial-duel', 'skirmish-3v3', 'solo-mission', 'custom'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];
