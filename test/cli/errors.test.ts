/**
 * How `msc` fails: expected failures are one message and exit code 2; bugs are exit code 1, with a stack only when
 * asked.
 */
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { CliError, describeFailure, failureJson, formatProblem } from '../../src/cli/errors.ts';
import { InvalidConfigError } from '../../src/config/config.ts';
import { DataDirInUseError } from '../../src/db/lock.ts';
import { AppError, invalid, notFound } from '../../src/games/errors.ts';

describe('describeFailure', () => {
  it('an AppError: its message and every problem, exit code 2', () => {
    const error = invalid('ORDERS_REJECTED', 'your orders were not accepted', [
      { code: 'SPEED_NOT_ALLOWED', message: 'SPEED 4 not allowed: ENGINE is 3', line: 2, ship: 'Black' },
      { code: 'NO_END', message: 'the orders have no END line', line: null },
    ]);
    expect(describeFailure(error)).toEqual({
      exitCode: 2,
      text: 'msc: your orders were not accepted\n  - line 2, ship Black: SPEED 4 not allowed: ENGINE is 3 (SPEED_NOT_ALLOWED)\n  - the orders have no END line (NO_END)',
    });
  });

  it('a configuration error names every wrong variable, exit code 2', () => {
    const error = new InvalidConfigError([
      { code: 'CONFIG_INVALID', env: 'PORT', message: 'PORT is "abc": expected a whole number from 0 to 65535' },
    ]);
    const f = describeFailure(error);
    expect(f.exitCode).toBe(2);
    expect(f.text).toMatch(/^msc: the configuration is not valid/);
    expect(f.text).toContain('PORT is "abc"');
    expect(f.text).not.toMatch(/\n\s+at /);
  });

  it('the data directory held by another process, exit code 2', () => {
    const f = describeFailure(new DataDirInUseError('./data', { pid: 4242, host: 'elsewhere' }));
    expect(f).toMatchObject({ exitCode: 2 });
    expect(f.text).toContain('data directory ./data is in use by process 4242 on host elsewhere');
  });

  it('a CliError is expected too', () => {
    expect(describeFailure(new CliError("give the seat's token"))).toEqual({
      exitCode: 2,
      text: "msc: give the seat's token",
    });
  });

  it('anything else is a bug: exit code 1, no stack trace unless MSC_DEBUG=1', () => {
    const bug = new TypeError('x is undefined');
    const quiet = describeFailure(bug);
    expect(quiet.exitCode).toBe(1);
    expect(quiet.text).toBe('msc: internal error: x is undefined\n(set MSC_DEBUG=1 to see where it happened)');
    const loud = describeFailure(bug, true);
    expect(loud.text).toMatch(/\n\s+at /);
  });

  it('commander has printed its own message: a usage error exits 2, help exits 0', () => {
    expect(describeFailure(new CommanderError(1, 'commander.missingMandatoryOptionValue', 'x'))).toEqual({
      exitCode: 2,
      text: '',
    });
    expect(describeFailure(new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)'))).toEqual({
      exitCode: 0,
      text: '',
    });
  });
});

describe('failureJson', () => {
  it('gives the code, message and problems of an expected failure; nothing for a bug', () => {
    expect(failureJson(notFound('GAME_NOT_FOUND', 'there is no game x'))).toEqual({
      error: { code: 'GAME_NOT_FOUND', message: 'there is no game x', problems: [] },
    });
    expect(failureJson(new CliError('bad'))).toMatchObject({ error: { code: 'CLI_ERROR' } });
    expect(failureJson(new Error('bug'))).toBeNull();
  });

  it('formatProblem leaves out what a problem does not say', () => {
    expect(formatProblem(new AppError('X', 'm', 400, [{ code: 'C', message: 'whole text' }]).problems[0]!)).toBe(
      '  - whole text (C)',
    );
  });
});
