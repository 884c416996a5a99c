/**
 * /PreCheckIn/{propertyCode}/{referenceNumber}/{code}: the link of the confirmation e-mail, the
 * reminder and the confirmation page. The configuration is loaded first, then the link checked:
 * a notice says why it opens nothing (or that pre-check-in was completed, then with the saved
 * details, still to change), else the steps begin.
 */
import { useParams } from 'wouter';
import { ERROR_MESSAGES } from '@hotel/domain/messages';
import { PageTitle } from '../components/layout';
import { Loading } from '../components/loading';
import { Notice } from '../components/notice';
import { usePreCheckInConfig, usePreCheckInLink } from '../features/pre-check-in/pre-check-in-api';
import { PreCheckIn } from '../features/pre-check-in/pre-check-in';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useProperty, usePropertyToday, useUnitNoun } from '../hooks/use-property';

function LinkChecked(props: { reference: string; code: string }) {
  const { property } = useProperty();
  const today = usePropertyToday();
  const unit = useUnitNoun();
  const config = usePreCheckInConfig(property.PropertyId);
  const link = usePreCheckInLink(property.PropertyId, props.reference, props.code, config.data !== undefined);
  const answer = link.data;
  if (config.error !== undefined || link.error !== undefined) {
    return (
      <Notice tone="negative" title="Pre Check In Error" live>
        {ERROR_MESSAGES.linkInvalid}
      </Notice>
    );
  }
  if (config.data === undefined || answer === undefined) return <Loading label="Opening your booking…" />;
  const { notice, reservation } = answer;
  return (
    <>
      {notice !== null && (
        <Notice tone={notice.Success ? 'positive' : 'warning'} title={notice.Title} live>
          {notice.Message}
        </Notice>
      )}
      {/* Keyed by the booking only: the link read again after a save must not take the guest off Complete. */}
      {reservation != null && (
        <PreCheckIn key={reservation.EntityId} reservation={reservation} config={config.data} code={props.code} today={today} unit={unit} />
      )}
    </>
  );
}

export function PreCheckInPage() {
  const { property } = useProperty();
  const params = useParams<{ referenceNumber: string; code: string }>();
  useDocumentTitle('Pre Check In', property.PropertyName);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle>Pre Check In</PageTitle>
      <LinkChecked reference={params.referenceNumber} code={params.code} />
    </div>
  );
}
