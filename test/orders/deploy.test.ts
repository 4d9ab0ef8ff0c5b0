/**
 * A campaign battle's deployment in the orders language (docs/mail.md "Deploying a campaign battle by mail"):
 * `DEPLOY <ship> <hex> <facing>` lines in a GAME … END block, read with the rules every submission shares. The
 * shape of each line is the parser's; which ships, where, is the deployment use case's.
 */
import { describe, expect, it } from 'vitest';
import { deploymentBlock, lineOfShip, parseDeployment } from '../../src/orders/deploy.ts';

const BLOCK = deploymentBlock('war-t1b1', [
  { id: 'B1', hex: '1216', facing: 'N' },
  { id: 'B2', hex: '1316', facing: 'N' },
]);
const ctx = { gameId: 'war-t1b1', side: 'blue', sides: ['blue', 'red'], sent: [BLOCK] };

describe('the deployment block', () => {
  it('is one DEPLOY line a ship between GAME and END', () => {
    expect(BLOCK).toBe('GAME war-t1b1\nDEPLOY B1 1216 N\nDEPLOY B2 1316 N\nEND');
  });

  it('reads each line, facings in any case, with its line number', () => {
    const r = parseDeployment('Hi,\n\nGAME war-t1b1\ndeploy b1 1217 ne\nDEPLOY B2 1318 s\nEND\nThanks!', ctx);
    expect(r.ok).toBe(true);
    expect(r.ok && r.value.placements).toEqual([
      { line: 4, id: 'b1', hex: '1217', facing: 'NE' },
      { line: 5, id: 'B2', hex: '1318', facing: 'S' },
    ]);
  });

  it('names a line of the wrong shape and a facing that is none, each on its line', () => {
    const r = parseDeployment('GAME war-t1b1\nDEPLOY B1 1216\nDEPLOY B2 1316 UP\nSHIP B1 SPEED 2\nEND', ctx);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.map((e) => [e.line, e.code])).toEqual([
      [2, 'DEPLOY_FORMAT'],
      [3, 'FACING_UNKNOWN'],
      [4, 'UNKNOWN_KEYWORD'],
    ]);
  });

  it('takes the block edited in the quoted mail, not the block quoted back unchanged', () => {
    const quoted = (block: string) => `On Thu, 8 Jan 2026, orders@pbem.test wrote:\n${block.replace(/^/gm, '> ')}`;
    const unchanged = parseDeployment(quoted(BLOCK), ctx);
    expect(!unchanged.ok && unchanged.errors.map((e) => e.code)).toEqual(['QUOTED_UNCHANGED']);
    const edited = parseDeployment(quoted(BLOCK.replace('1316 N', '1317 NW')), ctx);
    expect(edited.ok && edited.value.placements.map((p) => `${p.id} ${p.hex} ${p.facing}`)).toEqual([
      'B1 1216 N',
      'B2 1317 NW',
    ]);
  });

  it('refuses another game, and says what to write when there is nothing', () => {
    const other = parseDeployment('GAME other\nDEPLOY B1 1216 N\nEND', ctx);
    expect(!other.ok && other.errors.map((e) => e.code)).toEqual(['WRONG_GAME']);
    const empty = parseDeployment('', ctx);
    expect(!empty.ok && empty.errors[0]!.message).toContain('DEPLOY <ship> <hex> <facing>');
  });

  it("puts the use case's problems on the line of their ship: the second line of one placed twice", () => {
    const placements = [
      { line: 2, id: 'B1', hex: '1216', facing: 'N' as const },
      { line: 3, id: 'b1', hex: '1316', facing: 'N' as const },
    ];
    expect(lineOfShip(placements, 'HEX_OUTSIDE_ZONE', 'B1')).toBe(2);
    expect(lineOfShip(placements, 'SHIP_TWICE', 'B1')).toBe(3);
    expect(lineOfShip(placements, 'SHIP_MISSING', 'B2')).toBeNull();
    expect(lineOfShip(placements, 'INVALID_FIELD', undefined)).toBeNull();
  });
});
