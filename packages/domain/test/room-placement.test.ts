import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cheapestPlacement } from '../src/room-placement';

/** Every way to put each room on a room type within the free units, the cheapest total: the answer by exhaustion. */
function bruteForce(costs: (number | null)[][], freeUnits: number[]): number | null {
  let best: number | null = null;
  const used = freeUnits.map(() => 0);
  const place = (room: number, total: number) => {
    if (room === costs.length) {
      if (best === null || total < best) best = total;
      return;
    }
    costs[room]!.forEach((cost, type) => {
      if (cost === null || used[type]! >= freeUnits[type]!) return;
      used[type]! += 1;
      place(room + 1, total + cost);
      used[type]! -= 1;
    });
  };
  place(0, 0);
  return best;
}

describe('cheapestPlacement', () => {
  it('gives the one cheap unit to the room only it can take, where a greedy pass would fail', () => {
    // Room 0 (2 adults) fits the cheap Double (1 unit, £80.00) and the Family (£150.00); room 1
    // (3 adults) fits only the Double. Greedy puts room 0 on the Double and room 1 has nowhere.
    const placement = cheapestPlacement(
      [
        [80_00, 150_00],
        [90_00, null],
      ],
      [1, 5],
    );
    // Room 1 on the Double £90.00 + room 0 on the Family £150.00 = £240.00.
    expect(placement).toEqual({ total: 240_00, roomTypeOfRoom: [1, 0] });
  });

  it('does not overpay where a greedy pass would', () => {
    // Both rooms like the Double (1 unit): room 0 saves £10.00 there, room 1 saves £100.00.
    const placement = cheapestPlacement(
      [
        [100_00, 110_00],
        [100_00, 200_00],
      ],
      [1, 3],
    );
    // Greedy: room 0 on the Double £100.00 + room 1 on the Suite £200.00 = £300.00.
    // Exact: room 1 on the Double £100.00 + room 0 on the Suite £110.00 = £210.00.
    expect(placement).toEqual({ total: 210_00, roomTypeOfRoom: [1, 0] });
  });

  it('answers null when the rooms outnumber the units they fit', () => {
    expect(cheapestPlacement([[50_00], [50_00]], [1])).toBeNull();
    expect(cheapestPlacement([[null, 50_00]], [3, 0])).toBeNull();
  });

  it('finds the same total as trying every placement (up to 5 rooms on 4 room types)', () => {
    const cost = fc.option(fc.integer({ min: 0, max: 500_00 }), { nil: null, freq: 4 });
    const instance = fc
      .integer({ min: 1, max: 4 })
      .chain((types) =>
        fc.tuple(
          fc.array(fc.array(cost, { minLength: types, maxLength: types }), { minLength: 1, maxLength: 5 }),
          fc.array(fc.integer({ min: 0, max: 3 }), { minLength: types, maxLength: types }),
        ),
      );
    fc.assert(
      fc.property(instance, ([costs, freeUnits]) => {
        const placement = cheapestPlacement(costs, freeUnits);
        expect(placement?.total ?? null).toBe(bruteForce(costs, freeUnits));
        if (!placement) return;
        // Each room on a room type it fits, no room type over its free units, the total their sum.
        expect(placement.roomTypeOfRoom.reduce((sum, type, room) => sum + costs[room]![type]!, 0)).toBe(placement.total);
        freeUnits.forEach((free, type) => expect(placement.roomTypeOfRoom.filter((t) => t === type).length).toBeLessThanOrEqual(free));
      }),
      { seed: 20261124, numRuns: 500 },
    );
  });
});
