import { createRoot } from 'react-dom/client';
import { backofficeCatalogues } from '../lib/i18n/backoffice';
import { BackofficeApp, initialLanguage } from './app/BackofficeApp';
import './ui/backoffice.css';

/**
 * The back office's own entry (docs/decisions/166): `backoffice.html` loads it, and no borrower or
 * site page links it, so none of its code reaches a borrower's phone.
 */
const container = document.getElementById('root');
const language = initialLanguage();
if (container) {
  void backofficeCatalogues.load(language).then(() => createRoot(container).render(<BackofficeApp startLanguage={language} />));
}
