import express from 'express';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { type ApiRouter, SENT_BY_HANDLER } from '../http';
import { invalidField, notFound } from '../errors';
import { findChallengeState } from './challenge-completion';
import type { FinalAnswer } from './movements';
import type { ProviderHintHandler } from './provider-hints';
import { openReturnUrl } from './return-url';
import { challengeOutcomePage, challengePage } from './test-challenge-page';
import { TEST_GATEWAY_NAME } from './test-gateway';

const referencePattern = /^tg_[0-9a-f]{32}$/;

/**
 * The test gateway's 3-D Secure challenge, served by this API: a page with Approve and Fail
 * buttons (GET, for browsers) and the answer (POST, from that page's form or from an
 * integrator's test as JSON). The answer is the test gateway's, handed to `onHint` (the booking
 * module), which records it and confirms or releases the booking. Absent unless the test gateway is in use.
 */
export function registerTestChallengeRoutes(api: ApiRouter, context: AppContext, options: { onHint: ProviderHintHandler }): void {
  const gateway = context.paymentGateways.find(TEST_GATEWAY_NAME);
  if (!gateway?.completeChallenge) return;
  const completeChallenge = gateway.completeChallenge.bind(gateway);
  const secret = context.config.linkSecret;

  // A browser page, not an API call: kept out of the OpenAPI document.
  api.router.get('/Payments/TestChallenge/:reference', async (req, res) => {
    const reference = String(req.params.reference);
    const state = referencePattern.test(reference) ? await findChallengeState(context, reference) : { found: false as const };
    const sealed = typeof req.query.r === 'string' ? req.query.r : undefined;
    const returnUrl = sealed === undefined ? undefined : openReturnUrl(secret, reference, sealed);
    res.setHeader('Cache-Control', 'no-store');
    if (!state.found) {
      res.status(404).type('html').send(challengeOutcomePage(undefined));
    } else if (state.status !== 'requires_action') {
      res.type('html').send(challengeOutcomePage(state.status, returnUrl));
    } else {
      res.type('html').send(challengePage({ reference, amount: state.amount, returnTo: returnUrl === undefined ? undefined : sealed }));
    }
  });

  // The challenge page posts a plain form.
  api.router.use('/Payments/TestChallenge', express.urlencoded({ extended: false, limit: '8kb' }));
  api.route(
    {
      method: 'post',
      path: '/api/Payments/TestChallenge/{reference}',
      operationId: 'answerTestChallenge',
      summary:
        "Answers the test gateway's 3-D Secure challenge (test cards only); redirects (303) to the booking's return path when one was given",
      tag: 'Payments (test gateway)',
      params: z.object({ reference: z.string().regex(referencePattern, 'Not a test gateway reference') }),
      body: z.object({
        Outcome: z.enum(['approve', 'fail']),
        /** The `r` query parameter of the challenge URL, as it came. */
        ReturnTo: z.string().max(4000).optional(),
      }),
      response: z.object({ Reference: z.string(), Status: z.enum(['pending', 'requires_action', 'succeeded', 'failed', 'cancelled']) }),
      errors: { 404: 'No payment waits for this challenge' },
      redirect: "To the booking's return path, when `ReturnTo` named one",
    },
    async ({ params, body }, req, res) => {
      const returnUrl = body.ReturnTo === undefined ? undefined : openReturnUrl(secret, params.reference, body.ReturnTo);
      if (body.ReturnTo !== undefined && returnUrl === undefined)
        throw invalidField('ReturnTo', 'The return address does not belong to this challenge.');
      const result = await completeChallenge(params.reference, body.Outcome);
      const answer: FinalAnswer =
        result.status === 'authorised'
          ? { status: 'succeeded', gatewayReference: result.gatewayReference, card: null, cardToken: null }
          : {
              status: 'failed',
              gatewayReference: result.gatewayReference,
              declineCode: 'card_declined',
              declineMessage: result.declineMessage,
              card: null,
            };
      const outcome = await options.onHint({ gateway: TEST_GATEWAY_NAME, names: { gatewayReference: params.reference }, answer });
      if (!outcome.found) throw notFound('There is no payment waiting for this 3-D Secure check.');
      const state = { status: outcome.movement.status };
      if (returnUrl !== undefined) res.redirect(303, returnUrl);
      else if (req.is('application/x-www-form-urlencoded')) res.type('html').send(challengeOutcomePage(state.status));
      else return { Reference: params.reference, Status: state.status };
      return SENT_BY_HANDLER;
    },
  );
}
