/**
 * Placing several searched rooms at one property at once: each room on its own free unit, the
 * whole party at the lowest total. A greedy pass (each room its cheapest room type in turn) can
 * fail where a placement exists, or overpay, when rooms compete for the few units of a cheap
 * room type; this is the exact answer, a min-cost flow with the room types' free units as
 * capacities.
 */
import type { Minor } from './money';

/** Where each room goes (an index into the room types) and what the whole placement costs. */
export interface RoomPlacement {
  total: Minor;
  roomTypeOfRoom: number[];
}

/**
 * The cheapest way to give every room its own unit: `costs[room][type]` is what that room
 * costs on that room type (its cheapest fitting rate; null where none fits) and `freeUnits[type]`
 * how many units the room type has free. Null when no placement exists. Successive shortest paths: one augmenting path per room, each found by
 * Bellman-Ford over rooms + room types + 2 nodes, so 20 rooms on 30 room types is a few
 * thousand steps.
 */
export function cheapestPlacement(costs: readonly (readonly (Minor | null)[])[], freeUnits: readonly number[]): RoomPlacement | null {
  const rooms = costs.length;
  const types = freeUnits.length;
  // Nodes: 0 source, 1..rooms the rooms, then the room types, then the sink.
  const source = 0;
  const sink = rooms + types + 1;
  const typeNode = (type: number) => rooms + 1 + type;
  type Edge = { to: number; capacity: number; cost: number; reverse: number };
  const graph: Edge[][] = Array.from({ length: sink + 1 }, () => []);
  const link = (from: number, to: number, capacity: number, cost: number) => {
    graph[from]!.push({ to, capacity, cost, reverse: graph[to]!.length });
    graph[to]!.push({ to: from, capacity: 0, cost: -cost, reverse: graph[from]!.length - 1 });
  };
  for (let room = 0; room < rooms; room += 1) {
    link(source, room + 1, 1, 0);
    costs[room]!.forEach((cost, type) => {
      if (cost !== null && freeUnits[type]! > 0) link(room + 1, typeNode(type), 1, cost);
    });
  }
  freeUnits.forEach((free, type) => {
    if (free > 0) link(typeNode(type), sink, Math.min(free, rooms), 0);
  });

  let total = 0;
  for (let placed = 0; placed < rooms; placed += 1) {
    const distance = new Array<number>(sink + 1).fill(Infinity);
    const via: ({ node: number; edge: number } | undefined)[] = new Array(sink + 1);
    distance[source] = 0;
    // Residual costs may be negative (undoing an earlier choice): Bellman-Ford, not Dijkstra.
    for (let changed = true; changed;) {
      changed = false;
      for (let node = 0; node <= sink; node += 1) {
        if (distance[node] === Infinity) continue;
        graph[node]!.forEach((edge, index) => {
          if (edge.capacity > 0 && distance[node]! + edge.cost < distance[edge.to]!) {
            distance[edge.to] = distance[node]! + edge.cost;
            via[edge.to] = { node, edge: index };
            changed = true;
          }
        });
      }
    }
    if (distance[sink] === Infinity) return null;
    for (let node = sink; node !== source;) {
      const step = via[node]!;
      const edge = graph[step.node]![step.edge]!;
      edge.capacity -= 1;
      graph[node]![edge.reverse]!.capacity += 1;
      node = step.node;
    }
    total += distance[sink]!;
  }

  const roomTypeOfRoom = Array.from({ length: rooms }, (_, room) => {
    const used = graph[room + 1]!.find((edge) => edge.to !== source && edge.capacity === 0);
    return used!.to - rooms - 1;
  });
  return { total, roomTypeOfRoom };
}
