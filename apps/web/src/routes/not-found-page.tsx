import { ERROR_HEADINGS } from '@hotel/domain/messages';
import { useDocumentTitle } from '../hooks/use-document-title';
import { PageTitle } from '../components/layout';

/** The not-found message, inside a page's main region. */
export function NotFoundContent() {
  useDocumentTitle(ERROR_HEADINGS[0]);
  return (
    <div className="py-6">
      <PageTitle>{ERROR_HEADINGS[0]}</PageTitle>
      <p className="mt-4">We could not find the page you asked for. Please check the address.</p>
    </div>
  );
}

/** Unknown paths. */
export function NotFoundPage() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-6">
      <NotFoundContent />
    </main>
  );
}
