/** What a guest (or the hotel) is told when money could not be moved, or not known to have moved. */
export const MONEY_MESSAGES = {
  /**
   * A card payment got no answer from its provider (a timeout, the provider down): it may have
   * gone through, so the guest must not pay again, and must not be told nothing was booked.
   */
  outcomeUnknown:
    'We could not hear back from the card provider, so we do not know yet whether your payment went through. Your rooms are held for you: send the same request again in a minute (it will not charge you twice), or wait for your confirmation e-mail, which comes if the payment went through. If it did not, nothing is taken and the rooms are released.',
  /** A change's charge got no answer: the change waits, held, for it. */
  changeOutcomeUnknown:
    'We could not hear back from the card provider, so we do not know yet whether the difference was charged. Your change is held for you: send the same request again in a minute (it will not charge you twice). If the charge did not go through, nothing is taken and your booking stays as it was.',
  /** Pre-check-in extras' charge got no answer: the details are saved, the extras wait for it. */
  extrasOutcomeUnknown:
    'Your check-in details have been saved. We could not hear back from the card provider, so we do not know yet whether the extras were charged: send the same request again in a minute (it will not charge you twice). If the charge did not go through, nothing is taken and the extras are not added.',
  /** A hotel's capture got no answer. */
  captureOutcomeUnknown:
    'We could not hear back from the card provider, so we do not know yet whether the capture went through. Send the same request again (with the same Idempotency-Key) in a minute: it is not made twice. Otherwise this server finishes it within a few minutes.',
  /** A change waits for an earlier payment of the same booking whose answer is not recorded yet. */
  movementInFlight: 'A payment for this booking is still being processed. Please try again in a minute, when its outcome is known.',
  declined: 'Your card was declined. Please use another card or contact your bank.',
} as const;

export const PAYMENT_OUTCOME_UNKNOWN = MONEY_MESSAGES.outcomeUnknown;

/**
 * What a call that moves money may answer besides its own errors, as its OpenAPI document
 * declares it: the same words on every booking call, so an integrator handles them once.
 */
export const MONEY_ANSWERS = {
  declined: 'The card or the payment provider refused the payment: nothing was taken; Message says why and what to do',
  outcomeUnknown:
    'The payment provider could not be reached, did not answer, or its answer could not be recorded: whether money moved is not known yet. Send the same request with the same Idempotency-Key in a minute (it never pays twice); the server also finds out by itself within minutes',
  inFlight:
    'An earlier payment of this booking is still awaiting its provider’s answer, or a request with this Idempotency-Key has not finished: try again in a minute',
} as const;
