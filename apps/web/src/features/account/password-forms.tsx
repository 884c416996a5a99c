import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@hotel/domain/messages';
import {
  changePasswordRequestSchema,
  passwordResetRequestSchema,
  requestPasswordResetRequestSchema,
} from '@hotel/domain/wire/account-requests';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { errorText, LANGUAGE_CODE } from '../../lib/api-client';
import { useForm, useSubmit } from '../../lib/form';
import { changePassword, requestPasswordReset, resetPassword, type AccountResult } from './account-api';
import { PASSWORD_HINT } from './register-form';

/**
 * The Forgot Password form: asks for the address and answers what the server says, which is
 * the same whether or not the address has an account (so the page cannot tell who has one).
 */
export function ForgotPasswordForm(props: { propertyId: number; onSent: (result: AccountResult) => void }) {
  const toast = useToast();
  const form = useForm({ EmailAddress: '' });
  const { ref, busy, submit } = useSubmit(
    form,
    requestPasswordResetRequestSchema,
    () => ({ LanguageCode: LANGUAGE_CODE, PropertyId: props.propertyId, ...form.values }),
    async (request) => {
      try {
        const result = await requestPasswordReset(request);
        if (result.Success) props.onSent(result);
        else toast.negative(result.Message || ERROR_MESSAGES.passwordResetEmailFailed);
      } catch (error) {
        toast.negative(errorText(error, ERROR_MESSAGES.passwordResetEmailFailed));
      }
    },
  );

  return (
    <form ref={ref} onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Email address" type="email" autoComplete="email" {...form.bind('EmailAddress')} />
      <Button type="submit" disabled={busy} busy={busy}>
        {busy ? 'Sending…' : 'Send me a reset link'}
      </Button>
    </form>
  );
}

/** The Reset Password form: the new password twice, sent with the e-mailed link's token. */
export function ResetPasswordForm(props: { propertyId: number; token: string; onDone: (result: AccountResult) => void }) {
  const toast = useToast();
  const form = useForm({ Password: '', ConfirmPassword: '' });
  const { ref, busy, submit } = useSubmit(
    form,
    passwordResetRequestSchema,
    () => ({ LanguageCode: LANGUAGE_CODE, PropertyId: props.propertyId, Token: props.token, ...form.values }),
    async (request) => {
      try {
        const result = await resetPassword(request);
        if (result.Success) toast.positive(result.Message || SUCCESS_MESSAGES.passwordReset);
        props.onDone(result);
      } catch (error) {
        toast.negative(errorText(error, ERROR_MESSAGES.passwordResetFailed));
      }
    },
  );

  return (
    <form ref={ref} onSubmit={submit} noValidate className="space-y-4">
      <TextField label="New password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...form.bind('Password')} />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" {...form.bind('ConfirmPassword')} />
      <Button type="submit" disabled={busy} busy={busy}>
        {busy ? 'Saving…' : 'Set new password'}
      </Button>
    </form>
  );
}

const noPasswords = { CurrentPassword: '', Password: '', ConfirmPassword: '' };

/** Manage Account's Change Password form: the current password, then the new one twice. */
export function ChangePasswordForm(props: { propertyId: number }) {
  const toast = useToast();
  const form = useForm(noPasswords);
  const { ref, busy, submit } = useSubmit(
    form,
    changePasswordRequestSchema,
    () => ({ PropertyId: props.propertyId, ...form.values }),
    async (request) => {
      try {
        const result = await changePassword(request);
        if (!result.Success) {
          toast.negative(result.Message || ERROR_MESSAGES.actionFailed);
          return;
        }
        toast.positive(result.Message || 'Your password has been changed.');
        form.setValues(noPasswords);
      } catch (error) {
        toast.negative(errorText(error, ERROR_MESSAGES.actionFailed));
      }
    },
  );

  return (
    <form ref={ref} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        className="sm:col-span-2"
        {...form.bind('CurrentPassword')}
      />
      <TextField label="New password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...form.bind('Password')} />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" {...form.bind('ConfirmPassword')} />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy} busy={busy}>
          {busy ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
