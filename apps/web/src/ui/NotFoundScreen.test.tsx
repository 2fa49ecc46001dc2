import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nProvider, staticCatalogues } from '../lib/i18n';
import { borrowerEn } from '../locales/areas/borrower.en';
import { borrowerEs } from '../locales/areas/borrower.es';
import { NotFoundScreen } from './NotFoundScreen';

const catalogues = staticCatalogues({ en: borrowerEn, es: borrowerEs });

describe('NotFoundScreen', () => {
  it('speaks the borrower language', () => {
    const render = (language: 'en' | 'es') =>
      renderToStaticMarkup(
        <I18nProvider language={language} catalogues={catalogues}>
          <NotFoundScreen />
        </I18nProvider>,
      );
    expect(render('en')).toContain('<h1 class="screen__title">Page not found</h1>');
    expect(render('es')).toContain('<h1 class="screen__title">Página no encontrada</h1>');
  });
});
