/** What every gateway tells the guest when a card is refused, whichever provider refused it. */
export const GUEST_PAYMENT_MESSAGES = {
  declined: 'Your card was declined. Please use another card or contact your bank.',
  insufficientFunds: 'Your card has insufficient funds. Please use another card.',
  challengeFailed: 'Your bank could not confirm this payment (3-D Secure). Please try again, use another card or contact your bank.',
  expired: 'Your card has expired. Please use another card.',
  unknownToken: 'This saved card can no longer be used. Please enter your card details again.',
  authenticationRequired:
    'Your bank wants to confirm this payment with you (3-D Secure), which cannot be done for a change to a booking. Please contact the hotel to pay the difference.',
  refundExceedsPayment: 'A refund cannot be more than the payment took, less what has already been refunded of it.',
  incorrectCvc: 'The security code is not valid. Please check the 3 or 4 digits on your card.',
  unreadableCard: 'Your card could not be read. Please enter it again.',
} as const;
