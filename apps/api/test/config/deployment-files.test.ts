import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

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
});
