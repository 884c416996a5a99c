// The api-keys area's door: the keys of /api/Admin (one property's, some scopes), made, listed and
// revoked by the CLI, and found for the admin guard. It owns the api_keys table.
export { apiKeyFinder, LAST_USED_EVERY_MS } from './find-caller';
export { apiKeysOf, createApiKey, revokeKey, type KeyReach } from './manage-keys';
