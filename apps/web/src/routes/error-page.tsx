import { ERROR_HEADINGS, ERROR_MESSAGES } from '@hotel/domain/messages';
import { useDocumentTitle } from '../hooks/use-document-title';
import { PageTitle } from '../components/layout';

/** The plain /Error page, also shown when a page fails unexpectedly. */
export function ErrorPage() {
  useDocumentTitle(ERROR_HEADINGS[1]);
  const retry = window.location.pathname.toLowerCase() === '/error' ? '/' : window.location.href;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <PageTitle>{ERROR_HEADINGS[1]}</PageTitle>
      <p className="mt-4">{ERROR_MESSAGES.actionFailed}. Something went wrong on our side; please try again in a moment.</p>
      <p className="mt-4">
        <a className="underline" href={retry}>
          Try again
        </a>
      </p>
    </main>
  );
}
