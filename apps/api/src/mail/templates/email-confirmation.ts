import { mailButton, type MailBranding } from './mail-layout';
import { defineMailTemplate } from './mail-template';
import { html } from './safe-html';
import { unlinked } from './guest-text';

/** What the e-mail confirmation shows: who it is for and the link that confirms the address. */
export type EmailConfirmationMail = {
  property: MailBranding;
  firstName: string;
  /** `${PUBLIC_URL}/Account/ConfirmEmail/{propertyCode}?token=...` */
  confirmUrl: string;
  validForHours: number;
};

/** The e-mail a new account receives: a single-use link that confirms the address. */
export const renderEmailConfirmation = defineMailTemplate<EmailConfirmationMail>('email_confirmation', (mail) => {
  const propertyName = mail.property.propertyName;
  const validity = `The link works once, for ${mail.validForHours} hours.`;
  const body = html`<p style="margin:0 0 12px;">Dear ${unlinked(mail.firstName)},</p>
    <p style="margin:0 0 16px;">Thank you for creating an account with ${propertyName}. Please confirm your email address:</p>
    ${mailButton(mail.property, 'Confirm my email address', mail.confirmUrl)}
    <p style="margin:16px 0 0;color:#4b5563;">${validity} If you did not create this account, you can ignore this email.</p>`;
  const text = [
    `Dear ${unlinked(mail.firstName)},`,
    '',
    `Thank you for creating an account with ${propertyName}. Please confirm your email address:`,
    mail.confirmUrl,
    '',
    `${validity} If you did not create this account, you can ignore this email.`,
  ].join('\n');
  return {
    branding: mail.property,
    subject: `Confirm your email address for ${propertyName}`,
    heading: 'Confirm your email address',
    preheader: 'One click to confirm your new account',
    html: body,
    text,
  };
});
