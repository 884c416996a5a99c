/**
 * Lints the OpenAPI document the API serves with Spectral's `oas` ruleset and Redocly's
 * `recommended` rules, and fails on any problem, warnings included: a generated client, the
 * reference page and an integrator's own tools all read this document. Both run offline, on
 * rulesets shipped in their packages.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
// CommonJS packages: their names are read off the module, which Node's ESM loader cannot list.
import spectralCore, { type RulesetDefinition } from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRulesets from '@stoplight/spectral-rulesets';
import { openApiDocument } from './openapi-document';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const severities = ['error', 'warning', 'information', 'hint'];

async function spectralProblems(text: string, file: string): Promise<string[]> {
  const spectral = new spectralCore.Spectral();
  spectral.setRuleset(spectralRulesets.oas as RulesetDefinition);
  const results = await spectral.run(new spectralCore.Document(text, spectralParsers.Json, file));
  return results.map(
    (result) => `spectral ${severities[result.severity] ?? result.severity} ${result.code} at ${result.path.join('.')}: ${result.message}`,
  );
}

type RedoclyReport = { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };

async function redoclyProblems(file: string): Promise<string[]> {
  const redocly = path.join(apiRoot, 'node_modules', '.bin', 'redocly');
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  // Redocly exits non-zero on an error only; its JSON report lists the warnings too.
  const { stdout } = await promisify(execFile)(
    redocly,
    ['lint', file, `--config=${path.join(apiRoot, 'scripts', 'redocly.yaml')}`, '--format=json'],
    { env },
  ).catch((failed: { stdout?: string }) => ({ stdout: failed.stdout ?? '' }));
  const report = JSON.parse(stdout) as RedoclyReport;
  return report.problems.map(
    (problem) => `redocly ${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? ''}: ${problem.message}`,
  );
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'openapi-lint-'));
try {
  const file = path.join(dir, 'openapi.json');
  const text = JSON.stringify(openApiDocument(), null, 2);
  await writeFile(file, text);
  const problems = [...(await spectralProblems(text, file)), ...(await redoclyProblems(file))];
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`The OpenAPI document has ${problems.length} problem(s).`);
    process.exitCode = 1;
  } else console.warn('The OpenAPI document passes Spectral (oas) and Redocly (recommended) with no warning.');
} finally {
  await rm(dir, { recursive: true, force: true });
}
