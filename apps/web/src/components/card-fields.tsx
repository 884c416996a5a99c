/**
 * Card details: the brand is detected from the number as it is typed
 * and checked against the property's accepted card types; holder name and e-mail default to
 * the booker's.
 */
import { VALIDATION_MESSAGES } from '@hotel/domain/messages';
import type { FieldErrors } from '@hotel/domain/validation';
import { CheckboxField, SelectField, TextField } from './field';
import type { SavedCard } from '@hotel/domain/wire/account-response';
import { acceptedCardTypeOf, cardTypeName, SAVE_CARD_LABEL, type CardDraft, type CardTypeOption } from '../lib/cards';
import { SavedCardChoice } from './saved-card-choice';

/** How many years ahead the expiry year list reaches. */
const EXPIRY_YEARS = 15;

export function CardFields(props: {
  card: CardDraft;
  errors: FieldErrors;
  acceptedTypes: CardTypeOption[];
  savedCards: SavedCard[];
  loggedIn: boolean;
  currentYear: number;
  onChange: (card: CardDraft) => void;
}) {
  const { card, errors } = props;
  const set = <K extends keyof CardDraft>(name: K, value: CardDraft[K]) => props.onChange({ ...card, [name]: value });
  const detection = acceptedCardTypeOf(card.CardNumber, props.acceptedTypes);
  const detectedName = detection.detected === null ? null : cardTypeName(detection.detected);
  const notAccepted = detection.detected !== null && detection.accepted === undefined;
  const usingSaved = card.CreditCardId !== '';
  // The card type follows from the number, so its message only shows once the number itself is fine.
  const numberErrors = errors.CardNumber ? [...errors.CardNumber] : [...(errors.CreditCardTypeId ?? [])];
  if (notAccepted && !numberErrors.includes(VALIDATION_MESSAGES.cardTypeNotAccepted))
    numberErrors.push(VALIDATION_MESSAGES.cardTypeNotAccepted);

  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-800">We accept {props.acceptedTypes.map((type) => type.Name).join(', ')}.</p>
      <SavedCardChoice
        savedCards={props.savedCards}
        chosen={card.CreditCardId}
        error={errors.CreditCardId}
        onChoose={(id) => set('CreditCardId', id)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {!usingSaved && (
          <TextField
            label="Card number"
            className="sm:col-span-2"
            inputMode="numeric"
            autoComplete="cc-number"
            value={card.CardNumber}
            onChange={(event) => set('CardNumber', event.target.value.replace(/[^\d\s-]/g, '').slice(0, 23))}
            error={numberErrors.length > 0 ? numberErrors : undefined}
            hint={detectedName === null ? undefined : <span data-testid="card-type">Card type: {detectedName}</span>}
          />
        )}
        <TextField
          label="Name on card"
          className="sm:col-span-2"
          autoComplete="cc-name"
          value={card.NameOnCard}
          onChange={(event) => set('NameOnCard', event.target.value)}
          error={errors.NameOnCard}
          hint="Leave blank to use the booker's name."
        />
        {!usingSaved && (
          <SelectField
            label="Expiry month"
            autoComplete="cc-exp-month"
            value={card.ExpiryMonth}
            onChange={(event) => set('ExpiryMonth', event.target.value)}
            error={errors.ExpiryMonth}
          >
            <option value="">Month</option>
            {Array.from({ length: 12 }, (_, index) => index + 1).map((month) => (
              <option key={month} value={month}>
                {String(month).padStart(2, '0')}
              </option>
            ))}
          </SelectField>
        )}
        {!usingSaved && (
          <SelectField
            label="Expiry year"
            autoComplete="cc-exp-year"
            value={card.ExpiryYear}
            onChange={(event) => set('ExpiryYear', event.target.value)}
            error={errors.ExpiryYear}
          >
            <option value="">Year</option>
            {Array.from({ length: EXPIRY_YEARS + 1 }, (_, index) => props.currentYear + index).map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label="Security code"
          inputMode="numeric"
          autoComplete="cc-csc"
          className="sm:col-span-1"
          value={card.SecurityCode}
          onChange={(event) => set('SecurityCode', event.target.value.replace(/\D/g, '').slice(0, 4))}
          error={errors.SecurityCode}
          hint="The last 3 digits on the back (4 on the front for American Express)."
        />
        {props.loggedIn && !usingSaved && (
          <CheckboxField
            label={SAVE_CARD_LABEL}
            className="self-end sm:col-span-1"
            checked={card.SaveCreditCardToIndividual}
            onChange={(event) => set('SaveCreditCardToIndividual', event.target.checked)}
          />
        )}
      </div>
    </div>
  );
}
