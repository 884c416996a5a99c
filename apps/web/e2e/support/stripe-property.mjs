// The run's Stripe property: the demo's first hotel under another code, taking its payments
// through Stripe (the fake). It is imported into the run's API only: the demo itself needs no
// Stripe key, and a definition import changes only the properties it names.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { api } from './api.mjs';
import { repoRoot } from './paths.mjs';
import { ADMIN_API_KEY } from './server.mjs';

export const STRIPE_PROPERTY = 'STRIPEDEMO';

export async function importStripeProperty(baseUrl, publishableKey) {
  const demo = JSON.parse(readFileSync(path.join(repoRoot, 'db/demo/demo-group.json'), 'utf8'));
  const property = {
    ...demo.Properties[0],
    Code: STRIPE_PROPERTY,
    Name: 'The Harbour House by Stripe',
    Payments: { Provider: 'stripe', PublicKey: publishableKey, CaptureMethod: 'automatic' },
  };
  const answer = await api(
    baseUrl,
    'PUT',
    '/Admin/Definition',
    { ExchangeRates: demo.ExchangeRates, Properties: [property] },
    { 'X-Api-Key': ADMIN_API_KEY },
  );
  if (answer.status !== 200) throw new Error(`Importing the Stripe property failed: ${answer.status} ${JSON.stringify(answer.body)}`);
}
