// The idempotency area's door: what an Idempotency-Key does for the use cases that take one
// (the HTTP layer reads the header: http/idempotency-header.ts).
export {
  awaitMovement,
  AwaitingMovement,
  awaitsMovement,
  claimIdempotencyKey,
  completeAwaitedKey,
  findCompletedAnswer,
  hasLiveRecord,
  idempotently,
  idempotentRequest,
  purgeExpiredIdempotencyRecords,
  releaseAwaitedKey,
  replayingCompletedKey,
  requestHash,
  requestHashKey,
  saveIdempotentAnswer,
  scheduleIdempotencyPurge,
  storedIdempotencyKey,
  type IdempotentRequest,
} from './idempotency-records';
