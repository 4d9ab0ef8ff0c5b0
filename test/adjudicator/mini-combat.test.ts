/** `msc mini check` (rules-mini-combat.md §22, §18): the position and both sides' orders, checked without resolving. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { miniCheck } from '../../src/adjudicator/mini-combat.ts';

const sampleText = () => readFileSync(new URL('../../examples/mini-combat-sample.json', import.meta.url), 'utf8');
const withOrders = (orders: unknown) => JSON.stringify({ ...JSON.parse(sampleText()), orders });

describe('msc mini check', () => {
  it('the §23 sample: exit 0 with {"ok": true, "orders": …}, the orders as understood', () => {
    const r = miniCheck(sampleText());
    expect(r.exitCode).toBe(0);
    const out = r.stdout as { ok: boolean; orders: Record<string, unknown[]> };
    expect(out.ok).toBe(true);
    expect(out.orders.red![0]).toEqual({ unit: 'R3', move: 'S S S S', fire: ['B4'] });
    expect(out.orders.blue![0]).toEqual({ unit: 'B6', move: 'N', teleport: ['1710'] });
  });

  it('the orders as understood read back as the same orders', () => {
    const first = miniCheck(
      withOrders({ red: [{ unit: 'R1', move: 'S,s', then: 'WEAKEST', within: 30, spare: true }] }),
    );
    const understood = (first.stdout as { orders: unknown }).orders;
    const again = miniCheck(withOrders(understood));
    expect(again.exitCode).toBe(0);
    expect((again.stdout as { orders: unknown }).orders).toEqual(understood);
  });

  it('invalid orders: exit 2, every problem with its side, unit and §18 code', () => {
    const r = miniCheck(
      withOrders({
        red: [{ unit: 'R3', move: 'S S S S S' }, { unit: 'B1' }],
        blue: [{ unit: 'B1', fire: ['R5a'] }],
      }),
    );
    expect(r.exitCode).toBe(2);
    const { errors } = r.stdout as { errors: { side: string; unit: string; element?: string; code: string }[] };
    // The fifth step takes R3a and R3c into the buildings 1109 and 1309; R3b on the road pays 1 a step.
    expect(errors.map((e) => [e.side, e.unit, e.element ?? null, e.code])).toEqual([
      ['red', 'R3', 'R3a', 'MOVE_TERRAIN'],
      ['red', 'R3', 'R3c', 'MOVE_TERRAIN'],
      ['red', 'B1', null, 'UNIT_UNKNOWN'],
      ['blue', 'B1', null, 'FIRE_TARGET'], // R5a is a hidden Scout: not in blue's view
    ]);
  });

  it('an invalid position or wrong order types: exit 2 before any order is checked', () => {
    expect(miniCheck('{').exitCode).toBe(2);
    const r = miniCheck(withOrders({ red: [{ unit: 'R3', move: 7 }] }));
    expect(r.exitCode).toBe(2);
    expect((r.stdout as { errors: { code: string }[] }).errors[0]!.code).toBe('ORDER_FIELD');
  });
});
