import { mailButton, type MailBranding } from './mail-layout';
import { defineMailTemplate } from './mail-template';
import { html } from './safe-html';
import { unlinked } from './guest-text';

/** What a password reset e-mail shows: who it is for and the link that sets a new password. */
export type PasswordResetMail = {
  property: MailBranding;
  firstName: string;
  /** `${PUBLIC_URL}/Account/ResetPassword/{propertyCode}?token=...` */
  resetUrl: string;
  validForMinutes: number;
  /**
   * Why the mail was sent: the user asked for it, or someone tried to register an account with
   * an address that already has one (the answer to that gives nothing away, this mail tells the owner).
   */
  reason: 'requested' | 'already_registered';
};

/** The e-mail with a single-use link to choose a new password. */
export const renderPasswordReset = defineMailTemplate<PasswordResetMail>('password_reset', (mail) => {
  const propertyName = mail.property.propertyName;
  const opening =
    mail.reason === 'requested'
      ? `We received a request to reset the password of your ${propertyName} account.`
      : `Someone, probably you, tried to create a new ${propertyName} account with this email address. You already have an account: log in with your password, or choose a new one here.`;
  const validity = `The link works once, for ${mail.validForMinutes} minutes.`;
  const ignore =
    mail.reason === 'requested'
      ? 'If you did not ask for this, you can ignore this email: your password stays as it is.'
      : 'If this was not you, you can ignore this email: your account is unchanged.';
  const body = html`<p style="margin:0 0 12px;">Dear ${unlinked(mail.firstName)},</p>
    <p style="margin:0 0 16px;">${opening}</p>
    ${mailButton(mail.property, 'Choose a new password', mail.resetUrl)}
    <p style="margin:16px 0 0;color:#4b5563;">${validity} ${ignore}</p>`;
  const text = [
    `Dear ${unlinked(mail.firstName)},`,
    '',
    opening,
    '',
    `Choose a new password: ${mail.resetUrl}`,
    '',
    `${validity} ${ignore}`,
  ].join('\n');
  return {
    branding: mail.property,
    subject: mail.reason === 'requested' ? `Reset your ${propertyName} password` : `You already have a ${propertyName} account`,
    heading: mail.reason === 'requested' ? 'Reset your password' : 'You already have an account',
    preheader: validity,
    html: body,
    text,
  };
});
