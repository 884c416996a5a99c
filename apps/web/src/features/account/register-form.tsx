import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@hotel/domain/messages';
import { PASSWORD_MIN_LENGTH } from '@hotel/domain/validation';
import { registerFormSchema } from '@hotel/domain/wire/account-requests';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { LANGUAGE_CODE } from '../../lib/api-client';
import { useForm, useSubmit } from '../../lib/form';
import { register } from './account-api';

export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with at least one that is not a letter or a digit.`;

/** The Register page's form: the password rule and its confirm field, and its notifications. */
export function RegisterForm(props: { propertyId: number; onRegistered: () => void }) {
  const toast = useToast();
  const form = useForm({ Firstname: '', Lastname: '', EmailAddress: '', MobileNumber: '', Password: '', ConfirmPassword: '' });
  const { ref, busy, submit } = useSubmit(
    form,
    registerFormSchema,
    () => ({ LanguageCode: LANGUAGE_CODE, PropertyId: props.propertyId, ...form.values }),
    async ({ ConfirmPassword: _confirm, ...body }) => {
      try {
        const response = await register(body);
        if (response?.Success === false) {
          toast.negative(response.Message || ERROR_MESSAGES.registerFailed);
          return;
        }
        toast.positive(SUCCESS_MESSAGES.registered);
        props.onRegistered();
      } catch {
        toast.negative(ERROR_MESSAGES.registerFailed);
      }
    },
  );

  return (
    <form ref={ref} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField label="First name" autoComplete="given-name" {...form.bind('Firstname')} />
      <TextField label="Last name" autoComplete="family-name" {...form.bind('Lastname')} />
      <TextField label="Email address" type="email" autoComplete="email" className="sm:col-span-2" {...form.bind('EmailAddress')} />
      <TextField
        label="Mobile number"
        type="tel"
        autoComplete="tel"
        hint="Start with + or 00 and your country code"
        className="sm:col-span-2"
        {...form.bind('MobileNumber')}
      />
      <TextField label="Password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...form.bind('Password')} />
      <TextField label="Confirm password" type="password" autoComplete="new-password" {...form.bind('ConfirmPassword')} />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy} busy={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </Button>
      </div>
    </form>
  );
}
