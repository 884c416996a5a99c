/**
 * Paying with one of the user's saved cards or a new one: one radio per saved card (brand, last
 * four digits, expiry) and "A new card". Shown only when there is a saved card to offer.
 */
import { useId } from 'react';
import type { SavedCard } from '@hotel/domain/wire/account-response';
import { savedCardLabel } from '../lib/cards';
import { RadioOption } from './field';

export function SavedCardChoice(props: {
  savedCards: readonly SavedCard[];
  /** The chosen saved card's id, or '' for a new card. */
  chosen: string;
  /** Why the chosen card cannot pay (the server's CardDetails.CreditCardId message). */
  error?: readonly string[] | undefined;
  onChoose: (creditCardId: string) => void;
}) {
  const id = useId();
  if (props.savedCards.length === 0) return null;
  const errors = props.error ?? [];
  const option = (value: string, label: string) => (
    <RadioOption
      key={value}
      label={label}
      name="saved-card"
      checked={props.chosen === value}
      aria-invalid={(errors.length > 0 && props.chosen === value) || undefined}
      aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
      onChange={() => props.onChoose(value)}
    />
  );
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-semibold">Pay with</legend>
      {props.savedCards.map((saved) => option(String(saved.CreditCardId), savedCardLabel(saved)))}
      {option('', 'A new card')}
      {errors.length > 0 && (
        <p id={`${id}-error`} className="text-sm font-medium text-negative-text">
          {errors.join('. ')}
        </p>
      )}
    </fieldset>
  );
}
