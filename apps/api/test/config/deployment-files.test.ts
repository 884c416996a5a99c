import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const dockerignore = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');

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
});
