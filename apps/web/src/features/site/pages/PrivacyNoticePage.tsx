import { privacyNotice } from '../legal/privacy-notice';
import { LegalDocumentView } from '../legal/LegalDocumentView';
import { useSiteAddress } from '../site-address';
import { usePageMeta } from '../use-page-meta';
import { PrivacyCentreLink } from './PrivacyCentreLink';

/**
 * The privacy notice on its own (`/PrivacyPolicy`, the app's constant path, and the frame of the
 * home page): no site chrome, English for language flag 1, Spanish otherwise.
 */
export function PrivacyNoticePage() {
  const { pathname } = useSiteAddress();
  usePageMeta(pathname);
  return (
    <main className="notice" id="content">
      <PrivacyCentreLink />
      <LegalDocumentView text={privacyNotice} titleLevel={1} sectionLevel={2} />
    </main>
  );
}
