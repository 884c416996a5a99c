import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@hotel/domain/messages';
import { registerFormSchema } from '@hotel/domain/wire/account-requests';
import { SubmitButton } from '../../components/button';
import { TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { LANGUAGE_CODE } from '../../lib/api-client';
import { schemaErrors, useForm, useSubmit } from '../../lib/form';
import { register } from './account-api';
import { NewPasswordFields } from '../../components/new-password-fields';

/** The hint of a telephone field of the account pages. */
export const TELEPHONE_HINT = 'Start with + or 00 and your country code';

/** The Register page's form: the password rule and its confirm field, and its notifications. */
export function RegisterForm(props: { propertyId: number; onRegistered: () => void }) {
  const toast = useToast();
  const form = useForm({ Firstname: '', Lastname: '', EmailAddress: '', MobileNumber: '', Password: '', ConfirmPassword: '' });
  const { ref, busy, submit } = useSubmit(form, {
    build: () => ({ LanguageCode: LANGUAGE_CODE, PropertyId: props.propertyId, ...form.values }),
    check: (request) => schemaErrors(registerFormSchema, request),
    send: async ({ ConfirmPassword: _confirm, ...body }) => {
      const response = await register(body);
      if (response?.Success === false) {
        toast.negative(response.Message || ERROR_MESSAGES.registerFailed);
        return;
      }
      toast.positive(SUCCESS_MESSAGES.registered);
      props.onRegistered();
    },
    failure: { message: ERROR_MESSAGES.registerFailed },
  });

  return (
    <form ref={ref} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField label="First name" autoComplete="given-name" {...form.bind('Firstname')} />
      <TextField label="Last name" autoComplete="family-name" {...form.bind('Lastname')} />
      <TextField label="Email address" type="email" autoComplete="email" className="sm:col-span-2" {...form.bind('EmailAddress')} />
      <TextField
        label="Mobile number"
        type="tel"
        autoComplete="tel"
        hint={TELEPHONE_HINT}
        className="sm:col-span-2"
        {...form.bind('MobileNumber')}
      />
      <NewPasswordFields password={form.bind('Password')} confirm={form.bind('ConfirmPassword')} />
      <div className="sm:col-span-2">
        <SubmitButton busy={busy} busyText="Creating your account…">
          Create account
        </SubmitButton>
      </div>
    </form>
  );
}
