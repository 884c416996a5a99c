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
  /** A hotel's capture got no answer. */
  captureOutcomeUnknown:
    'We could not hear back from the card provider, so we do not know yet whether the capture went through. Send the same request again (with the same Idempotency-Key) in a minute: it is not made twice. Otherwise this server finishes it within a few minutes.',
  /** A change waits for an earlier payment of the same booking whose answer is not recorded yet. */
  movementInFlight: 'A payment for this booking is still being processed. Please try again in a minute, when its outcome is known.',
  declined: 'Your card was declined. Please use another card or contact your bank.',
} as const;

export const PAYMENT_OUTCOME_UNKNOWN = MONEY_MESSAGES.outcomeUnknown;
