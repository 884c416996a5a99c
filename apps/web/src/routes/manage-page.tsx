/**
 * /Manage/{propertyCode}: find a booking by reservation number and guest name. The property's
 * manage-booking configuration is loaded before the form shows; a found booking opens on its
 * Reservation page. `?notFound` is where a link that found nothing lands.
 */
import { useLocation, useSearch } from 'wouter';
import { ERROR_MESSAGES } from '@hotel/domain/messages';
import { PageTitle, Panel } from '../components/layout';
import { Loading } from '../components/loading';
import { Notice } from '../components/notice';
import { useManageConfig } from '../features/manage-booking/manage-api';
import { ManageSearchForm } from '../features/manage-booking/manage-search-form';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useProperty } from '../hooks/use-property';
import { errorText } from '../lib/api-client';
import { paths } from '../lib/paths';

export function ManagePage() {
  const { property } = useProperty();
  const config = useManageConfig(property.PropertyId);
  const [, navigate] = useLocation();
  const linkFailed = new URLSearchParams(useSearch()).has('notFound');
  useDocumentTitle('Manage Booking', property.PropertyName);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageTitle>Manage Booking</PageTitle>
      {config.error !== undefined && (
        <Notice tone="negative" title="Manage Booking Error" live>
          {errorText(config.error, ERROR_MESSAGES.actionFailed)}
        </Notice>
      )}
      {config.data === undefined && config.error === undefined && <Loading label="Loading…" />}
      {config.data !== undefined && (
        <Panel padding="roomy" className="space-y-4">
          <p>Enter your reservation number and the last name of the booker or of a guest.</p>
          <ManageSearchForm
            propertyId={property.PropertyId}
            initialFailure={linkFailed ? ERROR_MESSAGES.manageBookingNotFound : null}
            onFound={(reference, code) => navigate(paths.manageReservation(property.PropertyCode, reference, code))}
          />
        </Panel>
      )}
    </div>
  );
}
