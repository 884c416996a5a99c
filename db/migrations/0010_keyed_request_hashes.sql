-- Idempotency records hashed their request with plain SHA-256 over the whole body, card number
-- and security code included: a copy of the table let anyone try the 1,000 codes in a blink.
-- Hashes are now keyed and made without card data (apps/api/src/http/idempotency.ts); the old
-- ones cannot be turned into new ones, so they are dropped, and such a record (at most a day
-- old) answers whoever sends its key, as a lookup by key does.
UPDATE idempotency_records SET request_hash = 'legacy' WHERE request_hash NOT LIKE 'hmac-v1:%';
