import { ERROR_HEADINGS } from '@hotel/domain/messages';
import { useDocumentTitle } from '../hooks/use-document-title';
import { PageTitle } from '../components/layout';

export function UnauthorisedPage() {
  useDocumentTitle(ERROR_HEADINGS[2]);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <PageTitle>{ERROR_HEADINGS[2]}</PageTitle>
      <p className="mt-4">You need to log in to see this page.</p>
    </main>
  );
}
