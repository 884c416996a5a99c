/**
 * Concurrent reads of the same query, answered by one round trip, but only by one that starts
 * after they asked: a caller that arrives while a query is on its way waits for the next one.
 * So every answer includes every commit made before the call (a guest who has just booked sees
 * the booking in their next search), while under load one query serves a whole batch of
 * callers instead of each costing a round trip. At most one query is on its way at a time.
 */
export class BatchedRead<Key, Value> {
  private inFlight = false;
  private open: Batch<Key, Value> | undefined;

  /** `query` answers for a set of keys; a key it leaves out is answered `undefined`. */
  constructor(private readonly query: (keys: Key[]) => Promise<Map<Key, Value>>) {}

  async read(key: Key): Promise<Value | undefined> {
    let batch = this.open;
    if (!batch) {
      batch = this.open = new Batch();
      // Callers in the same tick join it; while a query is on its way, it is sent when that one returns.
      if (!this.inFlight) process.nextTick(() => this.send());
    }
    batch.keys.add(key);
    return (await batch.answer).get(key);
  }

  private send(): void {
    const batch = this.open;
    if (!batch) return;
    this.open = undefined;
    this.inFlight = true;
    this.query([...batch.keys])
      .then(batch.resolve, batch.reject)
      .finally(() => {
        this.inFlight = false;
        this.send();
      });
  }
}

/** The keys asked for before their query was sent, and the answer their callers wait for. */
class Batch<Key, Value> {
  readonly keys = new Set<Key>();
  readonly answer: Promise<Map<Key, Value>>;
  resolve!: (values: Map<Key, Value>) => void;
  reject!: (error: unknown) => void;

  constructor() {
    this.answer = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }
}
