import type { Request } from 'express';
import { z } from 'zod';
import { queryId } from '@hotel/domain/wire/parameters';
import { wireId } from '@hotel/domain/wire/scalars';
import { checkVoucherCodeRequestSchema } from '@hotel/domain/wire/check-voucher-code-request';
import { reservationCreateRequestSchema } from '@hotel/domain/wire/reservation-create-request';
import type { AppContext } from '../app-context';
import { type ApiRouter, bookingsPerClient, clientOf, knownKeysFirst, mailsPerAddress, readIdempotencyKey, readLookupKey } from '../http';
import { voucherGuesses } from '../voucher';
import { confirmationResponseSchema } from '@hotel/domain/wire/confirmation-response';
import {
  checkVoucherCodeResponseSchema,
  createAnswerSchema,
  createOutcomeSchema,
  statusResponseSchema,
} from '@hotel/domain/wire/reservation-response';
import { checkVoucherCode } from './check-voucher-code';
import { createOutcome, createReservation, MONEY_ANSWERS, reservationCreateScope, type Booker } from '../booking';
import { releasePendingPaymentByToken, reservationConfirmation, reservationStatus } from './reservation-status';

const confirmationToken = z.string().trim().min(20).max(100);

const releasePendingPaymentSchema = z.object({
  PropertyId: wireId,
  ConfirmationToken: confirmationToken,
});

const tokenQuery = (name: 'referenceNumber' | 'confirmationToken') =>
  z.object({
    propertyId: queryId('propertyId'),
    [name]: confirmationToken,
  }) as z.ZodObject<{ propertyId: z.ZodCoercedNumber<unknown> } & Record<typeof name, z.ZodString>>;

/** The logged-in user the session (accounts) put on the request, if any. */
function bookerOf(req: Request): Booker {
  const user = req.user;
  return user
    ? { userId: user.id, email: user.email, emailConfirmed: user.emailConfirmed, canChoosePaymentMethod: user.canChoosePaymentMethod }
    : null;
}

export function registerReservationRoutes(api: ApiRouter, context: AppContext): void {
  // Checking a voucher and booking with one count the same guesses (voucher-guesses.ts).
  const guesses = voucherGuesses(context);
  // A booking sends its confirmation to the booker's address: limited per client and per address,
  // except when sent again with a known Idempotency-Key (it books nothing more).
  api.router.post(
    '/Reservation/Create',
    knownKeysFirst(context, reservationCreateScope),
    bookingsPerClient(context, 'reservation-ip'),
    mailsPerAddress(context, (body) => (body.Booker as { Email?: unknown } | undefined)?.Email),
  );
  api.route(
    {
      method: 'post',
      path: '/api/Reservation/Create',
      operationId: 'createReservation',
      idempotencyKey: 'replay',
      summary:
        'Book: price, hold the rooms and the voucher, then pay and confirm; a declined card releases the booking (402), a payment with no answer keeps it held (503: send the same request with the same Idempotency-Key again)',
      tag: 'Reservation',
      body: reservationCreateRequestSchema,
      response: createAnswerSchema,
      errors: {
        402: MONEY_ANSWERS.declined,
        404: 'Unknown property',
        409: `Rooms sold meanwhile, prices changed (the body has the new prices) or the voucher was spent; or: ${MONEY_ANSWERS.inFlight}`,
        429: 'Too many bookings from this client, or e-mails to this address, in the last hour; or too many voucher codes that did not work from this client',
        503: `${MONEY_ANSWERS.outcomeUnknown}. Also when this server does not run the property's payment provider: nothing was booked`,
      },
    },
    ({ body }, req) =>
      createReservation(context, {
        request: body,
        idempotencyKey: readIdempotencyKey(req),
        user: bookerOf(req),
        voucherGuess: { guesses, client: clientOf(req) },
        statusPath: (propertyCode, token) => `/Book/${encodeURIComponent(propertyCode)}/Status/${token}`,
      }),
  );

  api.route(
    {
      method: 'get',
      path: '/api/Reservation/CreateOutcome',
      operationId: 'getCreateOutcome',
      idempotencyKey: 'lookup',
      summary:
        'Whether the Create sent with this Idempotency-Key (a header; 32+ random letters or digits) made a booking, and its answer if so: what to ask after a lost answer, before trying again',
      tag: 'Reservation',
      query: z.object({ propertyId: queryId('propertyId') }),
      response: createOutcomeSchema,
      errors: { 400: 'No Idempotency-Key, or one too short to be looked up' },
    },
    ({ query }, req) => createOutcome(context, query.propertyId, readLookupKey(req)),
  );

  api.route(
    {
      method: 'post',
      path: '/api/Reservation/ReleasePendingPayment',
      operationId: 'releasePendingPayment',
      summary:
        'Give back at once the rooms of a booking waiting for its 3-D Secure check, when the guest pays another way instead; a booking no longer waiting is left as it is. Answers its status',
      tag: 'Reservation',
      body: releasePendingPaymentSchema,
      response: statusResponseSchema,
      errors: { 404: 'No booking has that token' },
    },
    ({ body }) => releasePendingPaymentByToken(context, body.PropertyId, body.ConfirmationToken),
  );

  api.route(
    {
      method: 'get',
      path: '/api/Reservation/Status',
      operationId: 'getReservationStatus',
      summary: 'Whether the booking behind a confirmation token is made (3-D Secure may still be pending)',
      tag: 'Reservation',
      query: tokenQuery('referenceNumber'),
      response: statusResponseSchema,
      errors: { 404: 'No booking has that token' },
    },
    ({ query }) => reservationStatus(context, query.propertyId, query.referenceNumber),
  );

  api.route(
    {
      method: 'get',
      path: '/api/Reservation/Confirmation',
      operationId: 'getReservationConfirmation',
      summary: 'The whole reservation behind a confirmation token',
      tag: 'Reservation',
      query: tokenQuery('confirmationToken'),
      response: confirmationResponseSchema,
      errors: { 404: 'No booking has that token' },
    },
    ({ query }) => reservationConfirmation(context, query.propertyId, query.confirmationToken),
  );

  api.route(
    {
      method: 'post',
      path: '/api/Reservation/CheckVoucherCode',
      operationId: 'checkVoucherCode',
      summary: 'What a gift voucher would take off the rooms sent (nothing is spent)',
      tag: 'Reservation',
      body: checkVoucherCodeRequestSchema,
      response: checkVoucherCodeResponseSchema,
      errors: {
        404: 'Unknown property',
        409: 'A room sent is no longer available',
        429: 'Too many voucher codes that did not work from this client at this property, lately',
      },
    },
    ({ body }, req) => checkVoucherCode(context, body, { guesses, client: clientOf(req) }),
  );
}
