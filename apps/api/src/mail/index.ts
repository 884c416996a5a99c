// The mail area's door: the outbox use cases write to, the templates, the dispatcher and transport.
export { secondsUntilAddressMayBeMailed } from './address-allowance';
export { mailBrandingOf } from './mail-branding';
export type { MailBranding } from './templates/mail-layout';
export { MailEnqueued, startMailDispatcher, startOutboxLoop, type Enqueued, type MailDispatcher } from './mail-dispatcher';
export { createMailTransport, type MailTransport } from './mail-transport';
export { enqueueMail, openMailBody, outboxKey, outboxRow, type OutboxMail } from './outbox';
export { renderBookingAmendment } from './templates/booking-amendment';
export { renderBookingCancellation } from './templates/booking-cancellation';
export { renderBookingConfirmation, type BookedStay, type BookingMailBasics, type MailRoom } from './templates/booking-confirmation';
export { renderEmailConfirmation } from './templates/email-confirmation';
export { renderPasswordReset } from './templates/password-reset';
export { renderHotelNotice, type HotelNoticeKind, type HotelNoticeMail } from './templates/hotel-notice';
export { renderPreCheckInReminder } from './templates/pre-check-in';
export { unlinked } from './templates/guest-text';
export { html, type SafeHtml } from './templates/safe-html';
export { renderTableBookingConfirmation } from './templates/table-booking-confirmation';
