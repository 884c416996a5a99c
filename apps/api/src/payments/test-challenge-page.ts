import { formatMoney, type Money } from '@hotel/domain/money';
import { html, type SafeHtml } from '../mail';
import type { PaymentStatus } from './movements';

/** The test gateway's pages: plain HTML and a form, no script (the CSP forbids inline script). */
function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            background: #f3f4f6;
            color: #111827;
            margin: 0;
            padding: 2rem 1rem;
          }
          main {
            max-width: 28rem;
            margin: 0 auto;
            background: #fff;
            border-radius: 0.5rem;
            padding: 1.5rem;
            box-shadow: 0 1px 3px rgb(0 0 0 / 0.1);
          }
          h1 {
            font-size: 1.25rem;
            margin-top: 0;
          }
          .buttons {
            display: flex;
            gap: 0.75rem;
            margin-top: 1.5rem;
          }
          button,
          a.button {
            flex: 1;
            font: inherit;
            padding: 0.75rem;
            border-radius: 0.375rem;
            border: 0;
            cursor: pointer;
            text-align: center;
            text-decoration: none;
          }
          .approve {
            background: #15803d;
            color: #fff;
          }
          .fail {
            background: #b91c1c;
            color: #fff;
          }
          .note {
            color: #4b5563;
            font-size: 0.875rem;
          }
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`.toString();
}

const outcomeText: Partial<Record<PaymentStatus, string>> = {
  succeeded: 'The payment was approved.',
  failed: 'The payment was not approved.',
  cancelled: 'This payment was cancelled.',
};

/** The challenge itself: the amount, and Approve / Fail buttons posting back to the same address. */
export function challengePage(challenge: { reference: string; amount: Money; returnTo: string | undefined }): string {
  return page(
    '3-D Secure check (test gateway)',
    html`<h1>3-D Secure check</h1>
      <p>Your bank asks you to confirm a payment of <strong>${formatMoney(challenge.amount)}</strong>.</p>
      <p class="note">This is the test payment gateway: choose what the bank answers.</p>
      <form method="post" action="/api/Payments/TestChallenge/${challenge.reference}">
        ${challenge.returnTo !== undefined && html`<input type="hidden" name="ReturnTo" value="${challenge.returnTo}" />`}
        <div class="buttons">
          <button type="submit" name="Outcome" value="approve" class="approve">Approve</button>
          <button type="submit" name="Outcome" value="fail" class="fail">Fail</button>
        </div>
      </form>`,
  );
}

/** What the guest sees when there is nothing (more) to answer, or after answering with nowhere to return to. */
export function challengeOutcomePage(status: PaymentStatus | undefined, returnUrl?: string): string {
  const text =
    status === undefined ? 'There is no payment waiting for this check.' : (outcomeText[status] ?? 'This payment is being processed.');
  return page(
    '3-D Secure check (test gateway)',
    html`<h1>3-D Secure check</h1>
      <p>${text}</p>
      ${
        returnUrl !== undefined
          ? html`<div class="buttons"><a class="button approve" href="${returnUrl}">Continue</a></div>`
          : html`<p class="note">You can close this window and go back to your booking.</p>`
      }`,
  );
}
