/**
 * Labelled form controls: every control has a visible label, its error is tied to it with
 * aria-describedby and aria-invalid, and a hint likewise. A "{Label} is required" message names
 * the control by its visible label, whatever label the rule that made it used (the API's and the
 * domain's say "First Name" for a field a form may call "Lead guest first name").
 */
import { isRequiredMessage, requiredMessage } from '@hotel/domain/messages';
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const CONTROL =
  'mt-1 block w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-base text-gray-900 aria-[invalid=true]:border-negative';

interface FieldProps {
  label: ReactNode;
  error?: string | readonly string[] | undefined;
  hint?: ReactNode;
  className?: string;
}

function messages(error: FieldProps['error'], label: ReactNode): string[] {
  if (error === undefined) return [];
  const list = typeof error === 'string' ? [error] : [...error];
  if (typeof label !== 'string') return list;
  const visible = label.replace(/\s*\(optional\)$/, '');
  return list.map((message) => (isRequiredMessage(message) ? requiredMessage(visible) : message));
}

function describedBy(id: string, hasHint: boolean, hasError: boolean): string | undefined {
  const ids = [hasHint ? `${id}-hint` : '', hasError ? `${id}-error` : ''].filter(Boolean);
  return ids.length === 0 ? undefined : ids.join(' ');
}

function FieldMessages({ id, hint, errors }: { id: string; hint?: ReactNode; errors: string[] }) {
  return (
    <>
      {hint !== undefined && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
      {errors.length > 0 && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-negative-text">
          {errors.join('. ')}
        </p>
      )}
    </>
  );
}

/** A control's id, its messages and the attributes that tie its label, hint and error to it. */
function useControl(
  field: { id?: string | undefined; label: ReactNode; hint?: ReactNode; error?: FieldProps['error'] },
  alsoDescribedBy = '',
) {
  const generated = useId();
  const id = field.id ?? generated;
  const errors = messages(field.error, field.label);
  const described = [describedBy(id, field.hint !== undefined, errors.length > 0), alsoDescribedBy].filter(Boolean).join(' ');
  return {
    id,
    errors,
    control: {
      id,
      className: CONTROL,
      'aria-invalid': errors.length > 0 || undefined,
      'aria-describedby': described || undefined,
    },
  };
}

/** The label above a control, and its hint and error below it. */
function Labelled(props: { id: string; label: ReactNode; hint?: ReactNode; errors: string[]; className: string; children: ReactNode }) {
  return (
    <div className={props.className}>
      <label htmlFor={props.id} className="block text-sm font-semibold text-gray-900">
        {props.label}
      </label>
      {props.children}
      <FieldMessages id={props.id} hint={props.hint} errors={props.errors} />
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  className = '',
  id: givenId,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const { id, errors, control } = useControl({ id: givenId, label, hint, error });
  return (
    <Labelled id={id} label={label} hint={hint} errors={errors} className={className}>
      <input {...control} {...input} />
    </Labelled>
  );
}

/**
 * A text area; with `showCount` and `maxLength`, a count of the characters used says how many
 * are left, and reaching the limit is announced, so nothing is cut off without a word.
 */
export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  showCount = false,
  id: givenId,
  ...input
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { showCount?: boolean }) {
  const countId = `${useId()}-count`;
  const max = input.maxLength;
  const used = typeof input.value === 'string' ? input.value.length : 0;
  const counted = showCount && max !== undefined;
  const { id, errors, control } = useControl({ id: givenId, label, hint, error }, counted ? countId : '');
  return (
    <Labelled id={id} label={label} hint={hint} errors={errors} className={className}>
      <textarea rows={3} {...control} {...input} />
      {counted && (
        <p id={countId} className="mt-1 text-sm text-gray-700" aria-live={used >= max ? 'polite' : 'off'}>
          {used >= max
            ? `You have reached the limit of ${max.toLocaleString('en-GB')} characters.`
            : `${used.toLocaleString('en-GB')} of ${max.toLocaleString('en-GB')} characters used`}
        </p>
      )}
    </Labelled>
  );
}

export function SelectField({
  label,
  error,
  hint,
  className = '',
  children,
  id: givenId,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  const { id, errors, control } = useControl({ id: givenId, label, hint, error });
  return (
    <Labelled id={id} label={label} hint={hint} errors={errors} className={className}>
      <select {...control} {...select}>
        {children}
      </select>
    </Labelled>
  );
}

export function CheckboxField({
  label,
  error,
  hint,
  className = '',
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  const errors = messages(error, label);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-primary"
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy(id, hint !== undefined, errors.length > 0)}
          {...input}
        />
        <label htmlFor={id} className="text-sm text-gray-900">
          {label}
        </label>
      </div>
      <FieldMessages id={id} hint={hint} errors={errors} />
    </div>
  );
}

/** One choice of a radio group (its fieldset's legend names the group): the whole row is its label, tall enough to tap. */
export function RadioOption({ label, ...input }: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className="flex min-h-11 items-center gap-3">
      <input type="radio" className="size-4 shrink-0 accent-primary" {...input} />
      <span className="min-w-0 break-words">{label}</span>
    </label>
  );
}

/** A whole number chosen with minus and plus buttons, announced as a spin button. */
export function NumberStepper(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  className?: string;
}) {
  const id = useId();
  const { value, min, max, onChange } = props;
  const stepButton =
    'flex size-11 items-center justify-center rounded-md border border-gray-500 text-xl font-semibold text-gray-900 hover:bg-gray-100 disabled:opacity-40';
  return (
    <div className={props.className}>
      <span id={`${id}-label`} className="block text-sm font-semibold text-gray-900">
        {props.label}
      </span>
      <div className="mt-1 flex items-center gap-2">
        <button
          type="button"
          className={stepButton}
          aria-label={`Fewer ${props.label}`}
          disabled={value <= min}
          onClick={() => onChange(Math.max(min, value - 1))}
        >
          −
        </button>
        <span
          role="spinbutton"
          tabIndex={0}
          aria-labelledby={`${id}-label`}
          aria-valuenow={value}
          aria-valuemin={min}
          aria-valuemax={max}
          className="w-8 text-center text-lg font-semibold tabular-nums"
          onKeyDown={(event) => {
            if (event.key === 'ArrowUp' || event.key === 'ArrowRight') {
              event.preventDefault();
              onChange(Math.min(max, value + 1));
            } else if (event.key === 'ArrowDown' || event.key === 'ArrowLeft') {
              event.preventDefault();
              onChange(Math.max(min, value - 1));
            }
          }}
        >
          {value}
        </span>
        <button
          type="button"
          className={stepButton}
          aria-label={`More ${props.label}`}
          disabled={value >= max}
          onClick={() => onChange(Math.min(max, value + 1))}
        >
          +
        </button>
      </div>
    </div>
  );
}
