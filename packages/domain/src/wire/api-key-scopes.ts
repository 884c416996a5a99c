/**
 * What an API key may do on `/api/Admin`: each admin call needs exactly one of these. A closed
 * list shared by the OpenAPI document, the server's check and the CLI that makes keys, so a
 * scope cannot be misspelt into a key that opens nothing (or more than meant).
 */
export const API_KEY_SCOPES = [
  'reservations:read',
  'reservations:write',
  'ari:read',
  'ari:write',
  'payments:capture',
  'definition:read',
  'definition:write',
  'webhooks:read',
] as const;

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope opens, as the OpenAPI document and `pnpm api-key:create` explain it. */
export const API_KEY_SCOPE_MEANINGS: Record<ApiKeyScope, string> = {
  'reservations:read': 'the reservations feed, one booking by number, arrivals',
  'reservations:write': "changes to a booking's stay (acknowledge, check-in and check-out)",
  'ari:read': 'rates and availability as set',
  'ari:write': 'setting rates and availability',
  // Payment movements and their reconcile are the capture's aftermath: whoever may take the
  // money must be able to see, and settle, a movement whose answer was lost.
  'payments:capture': 'capturing held card payments, the payment movements needing attention, and asking the provider for a stuck one',
  'definition:read': "the property's definition, webhook signing secrets included",
  'definition:write': "replacing the property's definition",
  'webhooks:read': 'the webhook delivery log',
};

export function isApiKeyScope(text: string): text is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(text);
}
