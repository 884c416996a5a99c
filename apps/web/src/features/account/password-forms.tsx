import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@hotel/domain/messages';
import {
  changePasswordRequestSchema,
  passwordResetRequestSchema,
  requestPasswordResetRequestSchema,
} from '@hotel/domain/wire/account-requests';
import { SubmitButton } from '../../components/button';
import { TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { LANGUAGE_CODE } from '../../lib/api-client';
import { schemaErrors, useForm, useSubmit } from '../../lib/form';
import { changePassword, requestPasswordReset, resetPassword, type AccountResult } from './account-api';
import { NewPasswordFields } from '../../components/new-password-fields';

/**
 * The Forgot Password form: asks for the address and answers what the server says, which is
 * the same whether or not the address has an account (so the page cannot tell who has one).
 */
export function ForgotPasswordForm(props: { propertyId: number; onSent: (result: AccountResult) => void }) {
  const toast = useToast();
  const form = useForm({ EmailAddress: '' });
  const { ref, busy, submit } = useSubmit(form, {
    build: () => ({ LanguageCode: LANGUAGE_CODE, PropertyId: props.propertyId, ...form.values }),
    check: (request) => schemaErrors(requestPasswordResetRequestSchema, request),
    send: async (request) => {
      const result = await requestPasswordReset(request);
      if (result.Success) props.onSent(result);
      else toast.negative(result.Message || ERROR_MESSAGES.passwordResetEmailFailed);
    },
    failure: { message: ERROR_MESSAGES.passwordResetEmailFailed },
  });

  return (
    <form ref={ref} onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Email address" type="email" autoComplete="email" {...form.bind('EmailAddress')} />
      <SubmitButton busy={busy} busyText="Sending…">
        Send me a reset link
      </SubmitButton>
    </form>
  );
}

/** The Reset Password form: the new password twice, sent with the e-mailed link's token. */
export function ResetPasswordForm(props: { propertyId: number; token: string; onDone: (result: AccountResult) => void }) {
  const toast = useToast();
  const form = useForm({ Password: '', ConfirmPassword: '' });
  const { ref, busy, submit } = useSubmit(form, {
    build: () => ({ LanguageCode: LANGUAGE_CODE, PropertyId: props.propertyId, Token: props.token, ...form.values }),
    check: (request) => schemaErrors(passwordResetRequestSchema, request),
    send: async (request) => {
      const result = await resetPassword(request);
      if (result.Success) toast.positive(result.Message || SUCCESS_MESSAGES.passwordReset);
      props.onDone(result);
    },
    failure: { message: ERROR_MESSAGES.passwordResetFailed },
  });

  return (
    <form ref={ref} onSubmit={submit} noValidate className="space-y-4">
      <NewPasswordFields replacing password={form.bind('Password')} confirm={form.bind('ConfirmPassword')} />
      <SubmitButton busy={busy} busyText="Saving…">
        Set new password
      </SubmitButton>
    </form>
  );
}

const noPasswords = { CurrentPassword: '', Password: '', ConfirmPassword: '' };

/** Manage Account's Change Password form: the current password, then the new one twice. */
export function ChangePasswordForm(props: { propertyId: number }) {
  const toast = useToast();
  const form = useForm(noPasswords);
  const { ref, busy, submit } = useSubmit(form, {
    build: () => ({ PropertyId: props.propertyId, ...form.values }),
    check: (request) => schemaErrors(changePasswordRequestSchema, request),
    send: async (request) => {
      const result = await changePassword(request);
      if (!result.Success) {
        toast.negative(result.Message || ERROR_MESSAGES.actionFailed);
        return;
      }
      toast.positive(result.Message || 'Your password has been changed.');
      form.setValues(noPasswords);
    },
    failure: { message: ERROR_MESSAGES.actionFailed },
  });

  return (
    <form ref={ref} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        className="sm:col-span-2"
        {...form.bind('CurrentPassword')}
      />
      <NewPasswordFields replacing password={form.bind('Password')} confirm={form.bind('ConfirmPassword')} />
      <div className="sm:col-span-2">
        <SubmitButton busy={busy} busyText="Changing…">
          Change password
        </SubmitButton>
      </div>
    </form>
  );
}
