import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nProvider } from '../../lib/i18n';
import { NotFoundScreen } from './NotFoundScreen';

describe('NotFoundScreen', () => {
  it('speaks the borrower language', () => {
    const render = (language: 'en' | 'es') =>
      renderToStaticMarkup(
        <I18nProvider language={language}>
          <NotFoundScreen />
        </I18nProvider>,
      );
    expect(render('en')).toContain('<h1 class="screen__title">Page not found</h1>');
    expect(render('es')).toContain('<h1 class="screen__title">Página no encontrada</h1>');
  });
});
