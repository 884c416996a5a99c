import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const dockerignore = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');

/** A service's `environment:` entries (one `NAME: value` a line, as the file writes them), before interpolation. */
function environmentOf(service: string): Record<string, string> {
  const block = compose.slice(compose.indexOf(`\n  ${service}:\n`) + 1).split(/\n(?= {2}\S)/)[0]!;
  return Object.fromEntries(
    [...block.matchAll(/^ {6}([A-Z_]+): (.*)$/gm)].map((match) => [match[1]!, match[2]!.replace(/^'(.*)'$/, '$1')]),
  );
}

/** What docker compose makes of a service's environment with this `.env`: `${NAME}`, `${NAME:-default}`, `${NAME:?refusal}`. */
function composeEnvironment(service: string, dotEnv: Record<string, string>): Record<string, string> {
  const expand = (value: string) =>
    value.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_whole, name: string, kind?: string, word?: string) => {
      const set = dotEnv[name];
      if (set) return set;
      if (kind === '?') throw new Error(`required variable ${name} is missing a value: ${word}`);
      return kind === '-' ? word! : '';
    });
  return Object.fromEntries(Object.entries(environmentOf(service)).map(([name, value]) => [name, expand(value)]));
}

/** The API container: the Dockerfile's ENV, then compose's environment. */
const apiContainer = (dotEnv: Record<string, string>) => ({ NODE_ENV: 'production', ...composeEnvironment('api', dotEnv) });

const secrets = () => ({
  SESSION_SECRET: randomBytes(48).toString('base64'),
  LINK_SECRET: randomBytes(48).toString('base64'),
  ADMIN_API_KEY: randomBytes(48).toString('base64'),
});
/** A .env for a demo on https behind one proxy; the database password with the characters a URL would choke on. */
const demoEnv = () => ({
  ...secrets(),
  POSTGRES_PASSWORD: 'p/a+s=s:w@rd%',
  PUBLIC_URL: 'https://booking.example.com',
  TRUST_PROXY: '1',
  PAYMENTS: 'test',
});

describe('the shipped docker-compose.yml and Dockerfile', () => {
  it.each(['SESSION_SECRET', 'LINK_SECRET', 'ADMIN_API_KEY'])(
    'refuse to start without %s instead of falling back to a published value',
    (name) => {
      expect(compose).toMatch(new RegExp(`${name}: \\$\\{${name}:\\?[^}]+\\}`));
      expect(compose).not.toMatch(new RegExp(`\\$\\{${name}:-`));
    },
  );

  it('publish the ports on 127.0.0.1 unless told otherwise', () => {
    const published = [...compose.matchAll(/ports: \[([^\]]*)\]/g)].map((match) => match[1]);
    expect(published.length).toBeGreaterThan(0);
    for (const ports of published) expect(ports).toMatch(/^'(\$\{PUBLISH_ADDRESS:-127\.0\.0\.1\}|127\.0\.0\.1):\d+:\d+'$/);
  });

  it('make the API listen on every interface inside the container, where the published port arrives', () => {
    expect(dockerfile).toMatch(/^ENV .*\bHOST=0\.0\.0\.0\b/m);
    expect(compose).toMatch(/^\s+HOST: 0\.0\.0\.0$/m);
  });

  it('pin every image to a version, so the stack that worked yesterday is the one that starts today', () => {
    const images = [...compose.matchAll(/^\s+image: (\S+)$/gm)].map((match) => match[1]!);
    expect(images).toContain('axllent/mailpit:v1.27.8');
    for (const image of images) expect(image).toMatch(/:v?\d+(\.\d+)*(-[a-z]+)?$/);
  });

  it('import the demo only when DEMO=true asks for it', () => {
    expect(compose).not.toContain('--demo');
    expect(compose).toMatch(/^\s+DEMO: \$\{DEMO:-false\}$/m);
    expect(dockerfile).not.toContain('--demo');
  });

  it('keep local installs, builds, the embedded database, secrets and history out of the build context', () => {
    expect(dockerignore).toEqual(
      expect.arrayContaining(['**/node_modules', '**/dist', '**/.data', '.env', '.git', '**/coverage', 'apps/web/e2e-output']),
    );
  });

  it('take the database password from .env, for PostgreSQL and the API alike, and refuse to start without one', () => {
    expect(compose).not.toMatch(/POSTGRES_PASSWORD: hotel|postgres:\/\/hotel:/);
    const dotEnv = demoEnv();
    expect(composeEnvironment('postgres', dotEnv).POSTGRES_PASSWORD).toBe('p/a+s=s:w@rd%');
    // Beside the URL, not in it: node-postgres reads PGPASSWORD, so no character needs escaping.
    const api = apiContainer(dotEnv);
    expect(api).toMatchObject({ DATABASE_URL: 'postgres://hotel@postgres:5432/hotel', PGPASSWORD: 'p/a+s=s:w@rd%' });
    expect(loadConfig(api).databaseUrl).toBe('postgres://hotel@postgres:5432/hotel');
    const { POSTGRES_PASSWORD: _, ...withoutPassword } = dotEnv;
    expect(() => composeEnvironment('postgres', withoutPassword)).toThrow('set POSTGRES_PASSWORD to a random password');
    expect(() => apiContainer(withoutPassword)).toThrow('set POSTGRES_PASSWORD to a random password');
  });

  it('take PAYMENTS and the providers from .env: with none of them the API refuses to start rather than take test cards', () => {
    expect(compose).not.toMatch(/PAYMENTS: test/);
    const { PAYMENTS: _, ...withoutPayments } = demoEnv();
    expect(() => loadConfig(apiContainer(withoutPayments))).toThrow('No card payment provider is configured');
    expect(loadConfig(apiContainer(demoEnv())).payments.test).toBe(true);
    const selling = loadConfig(
      apiContainer({ ...withoutPayments, STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }),
    );
    expect(selling.payments).toMatchObject({ test: false, stripe: { secretKey: 'sk_live_abc123', webhookSecret: 'whsec_abc' } });
    expect(loadConfig(apiContainer({ ...withoutPayments, PAYSTACK_SECRET_KEY: 'sk_live_paystack' })).payments.paystack).toBeDefined();
  });

  it('take the public address from .env, with the proxy to trust for https or the permission for http', () => {
    const { PUBLIC_URL: _, ...withoutAddress } = demoEnv();
    expect(() => apiContainer(withoutAddress)).toThrow('set PUBLIC_URL to the address guests reach');
    expect(loadConfig(apiContainer(demoEnv())).trustProxy).toBe(1);
    const onThisMachine = { ...demoEnv(), PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: '' };
    expect(() => loadConfig(apiContainer(onThisMachine))).toThrow('set ALLOW_HTTP_PUBLIC_URL=true');
    expect(loadConfig(apiContainer({ ...onThisMachine, ALLOW_HTTP_PUBLIC_URL: 'true' })).publicUrl).toBe('http://localhost:3000');
  });
});
