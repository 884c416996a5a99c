/**
 * Company invoice details: a company found through the company search
 * and a PO number; both are needed for the invoice details to count as captured. Only a
 * logged-in account with a confirmed address finds its companies (the API answers nobody else
 * any), so anyone else is told how to become one instead of searching in vain.
 */
import { useEffect, useId, useState } from 'react';
import { ERROR_MESSAGES } from '@hotel/domain/messages';
import type { FieldErrors } from '@hotel/domain/validation';
import type { AccountAnswer as UserAccount } from '@hotel/domain/wire/account-response';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { Notice } from '../../components/notice';
import { useCompanySearch, type Company } from './checkout-api';

/** Wait after typing before searching. */
const SEARCH_DELAY_MS = 300;

export function CompanyFields(props: {
  propertyId: number;
  user: UserAccount | null;
  company: Company | null;
  poNumber: string;
  errors: FieldErrors;
  onCompany: (company: Company | null) => void;
  onPoNumber: (poNumber: string) => void;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const resultsId = useId();
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const mayBookForCompany = props.user?.EmailConfirmed === true;
  const search = useCompanySearch(props.propertyId, mayBookForCompany ? query : '');
  const searching = query.trim().length >= 3 && props.company === null;

  if (!mayBookForCompany) {
    return (
      <Notice tone={props.errors.AccountId ? 'warning' : 'info'} live={props.errors.AccountId !== undefined}>
        {ERROR_MESSAGES.companyInvoiceNeedsAccount}
      </Notice>
    );
  }

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {props.company === null ? (
        <div className="sm:col-span-2">
          <TextField
            label="Company"
            value={text}
            autoComplete="organization"
            onChange={(event) => setText(event.target.value)}
            error={props.errors.AccountId}
            hint="Type at least 3 letters of the company name, then choose it from the list."
            aria-controls={resultsId}
          />
          <div id={resultsId} aria-live="polite" className="mt-2">
            {searching && search.error !== undefined && (
              <p className="text-sm font-medium text-negative-text">{ERROR_MESSAGES.companySearchFailed}</p>
            )}
            {searching && search.data !== undefined && search.data.length === 0 && <p className="text-sm">{ERROR_MESSAGES.noResults}</p>}
            {searching && search.data !== undefined && search.data.length > 0 && (
              <ul className="divide-y divide-gray-200 rounded-md border border-gray-300 bg-white" aria-label="Companies found">
                {search.data.map((company) => (
                  <li key={company.AccountId}>
                    <button
                      type="button"
                      className="block min-h-11 w-full px-3 py-2 text-left hover:bg-gray-100"
                      onClick={() => props.onCompany(company)}
                    >
                      {company.Name}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <p>
            <span className="block text-sm font-semibold">Company</span>
            <span data-testid="chosen-company">{props.company.Name}</span>
          </p>
          <Button
            variant="link"
            onClick={() => {
              props.onCompany(null);
              setText('');
            }}
          >
            Change company
          </Button>
        </div>
      )}
      <TextField
        label="PO number"
        value={props.poNumber}
        onChange={(event) => props.onPoNumber(event.target.value)}
        error={props.errors.PONumber}
      />
    </div>
  );
}
