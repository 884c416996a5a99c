import { gzipSync } from 'node:zlib';
import { check } from '../support/session.mjs';

const FIRST_PAGE_JS_BUDGET = 120 * 1024;

export default async function run({ page }, _env) {
  const scripts = new Set();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  await page.goto('/Book/DEMO');
  await page.getByRole('button', { name: 'Search availability' }).waitFor();
  let total = 0;
  for (const url of scripts) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
  console.log(`    first page JavaScript: ${(total / 1024).toFixed(1)} kB gzip in ${scripts.size} files`);
  check(total <= FIRST_PAGE_JS_BUDGET, `first page ships ${(total / 1024).toFixed(1)} kB of JavaScript (gzip), budget 120 kB`);
}
