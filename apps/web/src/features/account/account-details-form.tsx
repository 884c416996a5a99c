import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@hotel/domain/messages';
import { updateAccountRequestSchema } from '@hotel/domain/wire/account-requests';
import { SubmitButton } from '../../components/button';
import { CheckboxField, TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { setSignedInUser } from '../../hooks/use-account';
import { schemaErrors, useForm, useSubmit } from '../../lib/form';
import type { AccountAnswer as UserAccount } from '@hotel/domain/wire/account-response';
import { updateAccount } from './account-api';
import { TELEPHONE_HINT } from './register-form';

/**
 * Manage Account's details form ('Your details have been saved successfully' or 'Failed to
 * save your details'). The e-mail address is the login and is not changed here.
 */
export function AccountDetailsForm(props: { propertyId: number; user: UserAccount }) {
  const toast = useToast();
  const form = useForm({
    Firstname: props.user.Firstname,
    Lastname: props.user.Lastname,
    Telephone: props.user.Telephone ?? '',
    ReceiveBrandOffers: props.user.ReceiveBrandOffers,
  });
  const { ref, busy, submit } = useSubmit(form, {
    build: () => ({ PropertyId: props.propertyId, ...form.values }),
    check: (request) => schemaErrors(updateAccountRequestSchema, request),
    send: async (request) => {
      const result = await updateAccount(request);
      if (!result.Success) {
        toast.negative(result.Message || ERROR_MESSAGES.saveDetailsFailed);
        return;
      }
      // The answer is the account as saved: the header and checkout show it at once.
      const { Success: _success, Message: _message, ...saved } = result;
      await setSignedInUser(props.propertyId, { ...props.user, ...saved });
      toast.positive(SUCCESS_MESSAGES.detailsSaved);
    },
    failure: { message: ERROR_MESSAGES.saveDetailsFailed },
  });

  return (
    <form ref={ref} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField label="First name" autoComplete="given-name" {...form.bind('Firstname')} />
      <TextField label="Last name" autoComplete="family-name" {...form.bind('Lastname')} />
      <TextField
        label="Telephone"
        type="tel"
        autoComplete="tel"
        hint={TELEPHONE_HINT}
        className="sm:col-span-2"
        {...form.bind('Telephone')}
      />
      <p className="text-sm text-gray-700 sm:col-span-2">
        Email address: <span className="font-medium text-gray-900">{props.user.EmailAddress}</span>
      </p>
      <CheckboxField
        label="Send me news and offers"
        className="sm:col-span-2"
        checked={form.values.ReceiveBrandOffers}
        onChange={(event) => form.setField('ReceiveBrandOffers', event.target.checked)}
      />
      <div className="sm:col-span-2">
        <SubmitButton busy={busy} busyText="Saving…">
          Save details
        </SubmitButton>
      </div>
    </form>
  );
}
