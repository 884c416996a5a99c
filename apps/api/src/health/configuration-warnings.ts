import type { Config } from '../config';

/** What /readyz and the start log say while the test gateway takes the payments of a production site. */
export const testPaymentsWarning = 'PAYMENTS=test: card payments go to the test gateway, which takes no money';

/** Said while a production site has no mail server: guests get no confirmation, no reset link, no pre-check-in link. */
export const noMailWarning =
  'SMTP_URL is not set: no mail leaves this server; each e-mail is written as an .eml file under DATA_DIR/mail and nobody receives it';

/** Said while a production site runs on http (ALLOW_HTTP_PUBLIC_URL=true), which suits a private network only. */
export const httpPublicUrlWarning =
  'PUBLIC_URL is http:// (ALLOW_HTTP_PUBLIC_URL=true): passwords, session cookies and e-mailed codes cross the network unencrypted';

/** What a production site's settings leave undone, in the words /readyz and the start log use. */
export function configurationWarnings(config: Pick<Config, 'isProduction' | 'payments' | 'smtpUrl' | 'publicUrl'>): string[] {
  if (!config.isProduction) return [];
  return [
    ...(config.payments.test ? [testPaymentsWarning] : []),
    ...(config.smtpUrl === undefined ? [noMailWarning] : []),
    ...(new URL(config.publicUrl).protocol === 'http:' ? [httpPublicUrlWarning] : []),
  ];
}
