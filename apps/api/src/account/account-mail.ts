import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { enqueueMail, mailBrandingOf, renderEmailConfirmation, renderPasswordReset } from '../mail';
import type { PropertyRow } from '../property';
import { issueToken, tokenLifetimeMs } from './one-time-tokens';

type Recipient = { id: number; email: string; firstName: string };

/** A page of the web client under `/Account/...` carrying a token: `${PUBLIC_URL}/Account/{page}/{propertyCode}?token=...`. */
function accountLink(publicUrl: string, page: 'ConfirmEmail' | 'ResetPassword', propertyCode: string, token: string): string {
  return `${publicUrl}/Account/${page}/${encodeURIComponent(propertyCode)}?token=${encodeURIComponent(token)}`;
}

/** Issues a confirm-email token and puts the confirmation e-mail in the outbox, in the caller's transaction. */
export async function enqueueEmailConfirmation(
  tx: Tx,
  context: Pick<AppContext, 'config'>,
  user: Recipient,
  property: PropertyRow,
  now: Date,
): Promise<void> {
  const token = await issueToken(tx, user.id, 'confirm_email', now);
  const mail = renderEmailConfirmation({
    property: mailBrandingOf(property, context.config.publicUrl),
    firstName: user.firstName,
    confirmUrl: accountLink(context.config.publicUrl, 'ConfirmEmail', property.code, token),
    validForHours: tokenLifetimeMs.confirm_email / 3_600_000,
  });
  await enqueueMail(tx, context.config, { to: user.email, ...mail, userId: user.id });
}

/**
 * Issues a reset-password token and puts the reset e-mail in the outbox, in the caller's
 * transaction: asked for, or sent to the owner when someone registers with their address.
 */
export async function enqueuePasswordReset(
  tx: Tx,
  context: Pick<AppContext, 'config'>,
  user: Recipient,
  property: PropertyRow,
  now: Date,
  reason: 'requested' | 'already_registered',
): Promise<void> {
  const token = await issueToken(tx, user.id, 'reset_password', now);
  const mail = renderPasswordReset({
    property: mailBrandingOf(property, context.config.publicUrl),
    firstName: user.firstName,
    resetUrl: accountLink(context.config.publicUrl, 'ResetPassword', property.code, token),
    validForMinutes: tokenLifetimeMs.reset_password / 60_000,
    reason,
  });
  await enqueueMail(tx, context.config, { to: user.email, ...mail, userId: user.id });
}
