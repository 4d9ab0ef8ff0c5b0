/** `msc game create`: its options as the input of the create use case. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createInput, parseSeat, type CreateOptions } from '../../src/cli/game-create.ts';
import { memoryIO } from './support.ts';

const base: CreateOptions = {
  scenario: 'tutorial-duel',
  name: 'Duel',
  seat: ['black:ann@example.org:Ann', 'grey:bob@example.org:Bob'],
};

describe('parseSeat', () => {
  it('reads side:email:name and side:email:name:timezone', () => {
    expect(parseSeat('black:ann@example.org:Ann')).toEqual({ side: 'black', email: 'ann@example.org', name: 'Ann' });
    expect(parseSeat('grey:bob@example.org:Bob Smith:America/New_York')).toEqual({
      side: 'grey',
      email: 'bob@example.org',
      name: 'Bob Smith',
      timeZone: 'America/New_York',
    });
  });

  it('a name with a colon in it, when a time zone follows', () => {
    expect(parseSeat('red:r@example.org:Dr: Who:UTC')).toEqual({
      side: 'red',
      email: 'r@example.org',
      name: 'Dr: Who',
      timeZone: 'UTC',
    });
  });

  it('too few parts, or an empty one, says what to write', () => {
    expect(() => parseSeat('black:ann@example.org')).toThrow(/write side:email:name/);
    expect(() => parseSeat('black::Ann')).toThrow(/write side:email:name/);
  });
});

describe('createInput', () => {
  it('a scenario with its seats and no settings of its own', async () => {
    expect(await createInput(memoryIO(), { ...base, id: 'duel-1' })).toEqual({
      id: 'duel-1',
      name: 'Duel',
      scenario: 'tutorial-duel',
      settings: {},
      seats: [
        { side: 'black', email: 'ann@example.org', name: 'Ann' },
        { side: 'grey', email: 'bob@example.org', name: 'Bob' },
      ],
    });
  });

  it('settings from a file, overridden by the flags', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'msc-create-'));
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ turnHours: 24, budget: 30 }));
    const input = await createInput(memoryIO(), {
      ...base,
      settings: file,
      turnHours: '48',
      turnLimit: '12',
      missingOrders: 'solo',
      relaxSender: true,
      private: true,
    });
    expect(input.settings).toEqual({
      turnHours: 48,
      budget: 30,
      turnLimit: 12,
      noOrders: 'solo',
      relaxSender: true,
      public: false,
    });
  });

  it('--turn-hours none: no deadline', async () => {
    expect((await createInput(memoryIO(), { ...base, turnHours: 'none' })).settings).toEqual({ turnHours: null });
  });

  it('--handicap goes to the scenario options', async () => {
    const input = await createInput(memoryIO(), {
      ...base,
      scenario: 'solo-mission',
      seat: ['player:p@example.org:P'],
      handicap: '50',
    });
    expect(input.options).toEqual({ handicap: 50 });
  });

  it('wrong values are refused with what to write', async () => {
    await expect(createInput(memoryIO(), { ...base, seat: [] })).rejects.toThrow(/give each player a seat/);
    await expect(createInput(memoryIO(), { ...base, turnHours: 'soon' })).rejects.toThrow(
      /--turn-hours "soon": expected a number of hours, or none/,
    );
    await expect(createInput(memoryIO(), { ...base, turnLimit: '1.5' })).rejects.toThrow(
      /--turn-limit "1.5": expected a whole number/,
    );
    await expect(createInput(memoryIO(), { ...base, settings: '/no/such/settings.json' })).rejects.toThrow(
      'cannot read /no/such/settings.json: no such file',
    );
  });

  it('a settings file that is not a JSON object', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'msc-create-'));
    const file = join(dir, 'settings.json');
    writeFileSync(file, '[1, 2]');
    await expect(createInput(memoryIO(), { ...base, settings: file })).rejects.toThrow(
      /the settings are a JSON object/,
    );
    writeFileSync(file, '{"map": ');
    await expect(createInput(memoryIO(), { ...base, settings: file })).rejects.toThrow(/is not valid JSON/);
  });
});

describe('createInput for a campaign', () => {
  it('--ruleset msc-strategic takes its settings from --settings and needs no scenario', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'msc-create-'));
    const file = join(dir, 'campaign.json');
    const settings = {
      sides: [
        { id: 'red', name: 'Red' },
        { id: 'blue', name: 'Blue' },
      ],
      map: { kind: 'generated', width: 20, height: 12, systems: 10, seed: 'x' },
    };
    writeFileSync(file, JSON.stringify(settings));
    const { scenario: _scenario, ...rest } = base;
    expect(
      await createInput(memoryIO(), {
        ...rest,
        ruleset: 'msc-strategic',
        settings: file,
        turnHours: '24',
        seat: ['red:ann@example.org:Ann', 'blue:bob@example.org:Bob'],
      }),
    ).toEqual({
      name: 'Duel',
      ruleset: 'msc-strategic',
      settings: { ...settings, turnHours: 24 },
      seats: [
        { side: 'red', email: 'ann@example.org', name: 'Ann' },
        { side: 'blue', email: 'bob@example.org', name: 'Bob' },
      ],
    });
  });

  it('neither a scenario nor a campaign: says what to give', async () => {
    const { scenario: _scenario, ...rest } = base;
    await expect(createInput(memoryIO(), rest)).rejects.toThrow(/--scenario .* or --ruleset msc-strategic/);
  });
});
