import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider, staticCatalogues } from '../../../lib/i18n';
import { borrowerEn } from '../../../locales/areas/borrower.en';
import { borrowerEs } from '../../../locales/areas/borrower.es';
import { DeleteSection } from './DeleteSection';

const catalogues = staticCatalogues({ en: borrowerEn, es: borrowerEs });

function render(language: 'en' | 'es', blocks: { openLoan: boolean; creditHeld: boolean }) {
  return renderToStaticMarkup(
    <I18nProvider language={language} catalogues={catalogues}>
      <DeleteSection {...blocks} onDeleted={() => {}} />
    </I18nProvider>,
  );
}

describe('the delete section of the privacy centre', () => {
  it('says the held credit must be returned first, in both languages, and offers no delete button', () => {
    for (const [language, catalogue] of [['en', borrowerEn], ['es', borrowerEs]] as const) {
      const html = render(language, { openLoan: false, creditHeld: true });
      expect(html).toContain('data-testid="delete-blocked"');
      expect(html).toContain(catalogue['privacy.delete.creditHeld'].replaceAll("'", '&#x27;'));
      expect(html).not.toContain(`class="button privacy-danger">${catalogue['privacy.delete.start']}</button>`);
    }
  });

  it('names the open loan first when both hold the deletion, and offers the button when neither does', () => {
    expect(render('en', { openLoan: true, creditHeld: true })).toContain(borrowerEn['privacy.delete.openLoan']);
    expect(render('en', { openLoan: false, creditHeld: false })).toContain(`class="button privacy-danger">${borrowerEn['privacy.delete.start']}</button>`);
  });
});
