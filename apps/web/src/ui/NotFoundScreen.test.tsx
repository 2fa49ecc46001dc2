import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nProvider, staticCatalogues } from '../lib/i18n';
import { StaticRouter } from '../lib/router/Router';
import { borrowerEn } from '../locales/areas/borrower.en';
import { borrowerEs } from '../locales/areas/borrower.es';
import { NotFoundScreen } from './NotFoundScreen';

const catalogues = staticCatalogues({ en: borrowerEn, es: borrowerEs });

function render(language: 'en' | 'es', search = ''): string {
  const location = { pathname: '/no-such-page', search };
  return renderToStaticMarkup(
    <StaticRouter state={{ location, navigate: () => undefined, href: () => location.pathname }}>
      <I18nProvider language={language} catalogues={catalogues}>
        <NotFoundScreen />
      </I18nProvider>
    </StaticRouter>,
  );
}

describe('NotFoundScreen', () => {
  it('speaks the borrower language', () => {
    expect(render('en')).toContain('<h1 class="screen__title">Page not found</h1>');
    expect(render('es')).toContain('<h1 class="screen__title">Página no encontrada</h1>');
  });

  it('leads on: to the app’s home always, to customer service for a borrower signed in', () => {
    expect(render('en')).toContain('Go to the app’s home');
    expect(render('en')).not.toContain('Customer service');
    const signedIn = render('es', '?sessionId=s1&userId=7&language=2');
    expect(signedIn).toContain('Ir al inicio de la aplicación');
    expect(signedIn).toContain('href="/Dag?userId=7&amp;sessionId=s1&amp;merchantNumber=10001&amp;language=2"');
  });
});
