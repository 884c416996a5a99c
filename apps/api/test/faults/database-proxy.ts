import net from 'node:net';

/**
 * A TCP proxy between the API and Postgres, so a test can take the database away and bring it
 * back without touching the machine's shared server, and can freeze a chosen statement to
 * put a fault at an exact point of a request.
 *
 * - `stop()`: every proxied connection is cut and new ones are refused, which is what the API
 *   sees of a stopped server. `start()`: connections are accepted again, on the same port.
 * - `holdStatement(pattern)`: the next statement whose text matches does not reach Postgres;
 *   the request waits there, in the middle of its work, until `release()` or `stop()`.
 * - `holdAnswerTo(pattern)`: the matching statement reaches Postgres (a COMMIT is applied)
 *   but its answer does not reach the API, so it cannot know it succeeded.
 */
export type DatabaseProxy = {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  url: string;
  holdStatement(pattern: RegExp, options?: HoldOptions): Hold;
  holdAnswerTo(pattern: RegExp, options?: HoldOptions): Hold;
  /** Cuts every connection and refuses new ones: the database is away. */
  stop(): Promise<void>;
  /** Accepts connections again: the database is back. */
  start(): Promise<void>;
  close(): Promise<void>;
};

export type HoldOptions = {
  /** How many connections to hold (1). */
  connections?: number;
  /** Only on a connection that sent this earlier in the same transaction: a COMMIT of a booking, not of any transaction. */
  after?: RegExp;
};

export type Hold = {
  /** Resolves once `count` connections are held (for an answer hold: once their answer has arrived); rejects after `timeoutMs`. */
  reached(count: number, timeoutMs?: number): Promise<void>;
  /** Lets everything held through, and holds nothing more. */
  release(): void;
};

type Rule = {
  pattern: RegExp;
  after: RegExp | undefined;
  kind: 'statement' | 'answer';
  limit: number;
  matched: number;
  held: number;
  active: boolean;
  waiters: Set<() => void>;
  pairs: Set<Pair>;
};

type Pair = {
  api: net.Socket;
  database: net.Socket;
  /** The end of what the API sent last, so a pattern split across two packets still matches. */
  tail: string;
  rule?: Rule;
  /** Rules whose `after` this connection has sent in its current transaction. */
  armed: Set<Rule>;
  toDatabase: Buffer[];
  toApi: Buffer[];
  /** The statements this connection prepared under a name (its Parse messages), by name. */
  prepared: Map<string, string>;
};

/** A COMMIT or ROLLBACK, as pg sends it (a simple or a parsed query): where a transaction ends. */
const transactionEnd = /(?<![\w"])(?:commit|rollback)\0/;

/**
 * A statement the API prepares under a name (database/prepared.ts) is sent as text once per
 * connection (Parse), then only named (Bind): `Parse(name, text)` and `Bind(portal, name)`.
 */
const namedParse = /P[\s\S]{4}(q_[0-9a-f]{20})\0([^\0]*)\0/g;
const namedBind = /B[\s\S]{4}[^\0]*\0(q_[0-9a-f]{20})\0/g;

/**
 * What the API sent, as text to match: the bytes, and after them the text of each named
 * statement the new chunk runs again without sending it, so a pattern matches a statement
 * whether or not its connection had prepared it before.
 */
function statementText(pair: Pair, text: string, from: number): string {
  for (const [, name, query] of text.matchAll(namedParse)) pair.prepared.set(name!, query!);
  const rerun = [...text.slice(from).matchAll(namedBind)].map(([, name]) => pair.prepared.get(name!) ?? '');
  return rerun.length === 0 ? text : `${text}\0${rerun.join('\0')}`;
}

/** Whether `pattern` matches `text` somewhere that ends after `from`: in the new chunk, not wholly in the tail already seen. */
function endsIn(pattern: RegExp, text: string, from: number): boolean {
  const everywhere = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  return [...text.matchAll(everywhere)].some((match) => match.index + match[0].length > from);
}

/** Starts a proxy on a free loopback port in front of the server of `databaseUrl`. */
export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const targetHost = target.hostname;
  const targetPort = Number(target.port || 5432);
  const pairs = new Set<Pair>();
  const rules: Rule[] = [];
  let server: net.Server | undefined;
  let port = 0;

  function unhold(pair: Pair): void {
    const { rule } = pair;
    if (!rule) return;
    pair.rule = undefined;
    rule.pairs.delete(pair);
    for (const chunk of pair.toDatabase.splice(0)) pair.database.write(chunk);
    for (const chunk of pair.toApi.splice(0)) pair.api.write(chunk);
  }

  function fromApi(pair: Pair, chunk: Buffer): void {
    if (pair.rule?.kind === 'statement') {
      pair.toDatabase.push(chunk);
      return;
    }
    if (!pair.rule) {
      const sent = pair.tail + chunk.toString('latin1');
      const from = pair.tail.length;
      pair.tail = sent.slice(-200);
      const text = statementText(pair, sent, from);
      let rule: Rule | undefined;
      for (const candidate of rules.filter((r) => r.active)) {
        if (candidate.after && endsIn(candidate.after, text, from)) pair.armed.add(candidate);
        if (!endsIn(candidate.pattern, text, from)) continue;
        const armed = !candidate.after || pair.armed.delete(candidate);
        if (armed && candidate.matched < candidate.limit) rule ??= candidate;
      }
      if (endsIn(transactionEnd, text, from)) pair.armed.clear();
      if (rule) {
        rule.matched += 1;
        rule.pairs.add(pair);
        pair.rule = rule;
        if (rule.kind === 'statement') {
          pair.toDatabase.push(chunk);
          countHeld(rule);
          return;
        }
      }
    }
    pair.database.write(chunk);
  }

  function fromDatabase(pair: Pair, chunk: Buffer): void {
    const { rule } = pair;
    if (rule?.kind === 'answer') {
      if (pair.toApi.length === 0) countHeld(rule);
      pair.toApi.push(chunk);
      return;
    }
    pair.api.write(chunk);
  }

  function countHeld(rule: Rule): void {
    rule.held += 1;
    for (const wake of rule.waiters) wake();
  }

  function accept(api: net.Socket): void {
    const database = net.connect(targetPort, targetHost);
    const pair: Pair = { api, database, tail: '', toDatabase: [], toApi: [], armed: new Set(), prepared: new Map() };
    pairs.add(pair);
    const cut = () => {
      pairs.delete(pair);
      pair.rule?.pairs.delete(pair);
      api.destroy();
      database.destroy();
    };
    api.on('data', (chunk: Buffer) => fromApi(pair, chunk));
    database.on('data', (chunk: Buffer) => fromDatabase(pair, chunk));
    for (const socket of [api, database]) {
      socket.on('error', cut);
      socket.on('close', cut);
    }
  }

  function listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      const listening = net.createServer(accept);
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        listening.off('error', reject);
        port = (listening.address() as net.AddressInfo).port;
        server = listening;
        resolve();
      });
    });
  }

  function hold(kind: Rule['kind'], pattern: RegExp, { connections = 1, after }: HoldOptions = {}): Hold {
    const rule: Rule = {
      pattern,
      after,
      kind,
      limit: connections,
      matched: 0,
      held: 0,
      active: true,
      waiters: new Set(),
      pairs: new Set(),
    };
    rules.push(rule);
    return {
      reached(count, timeoutMs = 15_000) {
        return new Promise<void>((resolve, reject) => {
          const check = () => {
            if (rule.held < count) return;
            clearTimeout(timer);
            rule.waiters.delete(check);
            resolve();
          };
          const timer = setTimeout(() => {
            rule.waiters.delete(check);
            reject(new Error(`only ${rule.held} of ${count} connections reached ${pattern} within ${timeoutMs} ms`));
          }, timeoutMs);
          rule.waiters.add(check);
          check();
        });
      },
      release() {
        rule.active = false;
        for (const pair of [...rule.pairs]) unhold(pair);
      },
    };
  }

  await listen();
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  async function stop(): Promise<void> {
    const closing = server;
    server = undefined;
    for (const rule of rules) rule.active = false;
    const closed = closing ? new Promise<void>((resolve) => closing.close(() => resolve())) : Promise.resolve();
    for (const pair of [...pairs]) {
      pair.api.destroy();
      pair.database.destroy();
    }
    await closed;
  }

  return {
    url: url.toString(),
    holdStatement: (pattern, options) => hold('statement', pattern, options),
    holdAnswerTo: (pattern, options) => hold('answer', pattern, options),
    stop,
    async start() {
      if (!server) await listen();
    },
    close: stop,
  };
}
