import { ErrorCode } from '@lend/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider, staticCatalogues } from '../../../lib/i18n';
import { siteEn } from '../../../locales/areas/site.en';
import { siteEs } from '../../../locales/areas/site.es';
import { SiteAddressProvider } from '../site-address';
import { ContactForm } from './ContactForm';

const catalogues = staticCatalogues({ en: siteEn, es: siteEs });

const render = (language: 'en' | 'es', search: string) =>
  renderToStaticMarkup(
    <I18nProvider language={language} catalogues={catalogues}>
      <SiteAddressProvider value={{ pathname: '/Contact', search }}>
        <ContactForm headingLevel={null} />
      </SiteAddressProvider>
    </I18nProvider>,
  );

describe('the contact form before and after its script (docs/decisions/151)', () => {
  it('posts to its own route in the page language when the browser sends it', () => {
    expect(render('en', '?language=1')).toContain('action="/api/site/contact-form?language=1" method="post"');
    expect(render('es', '')).toContain('action="/api/site/contact-form?language=2" method="post"');
  });

  it('says the result its address names, as the server wrote it on the page', () => {
    expect(render('en', '?language=1&contact=sent')).toContain(
      '<p class="contact__thanks" role="status">Thank you. We received your message and will answer soon.</p><p class="contact__refused" role="alert"></p>',
    );
    expect(render('es', `?contact=${ErrorCode.ContactPhoneInvalid}`)).toContain(
      '<p class="contact__thanks" role="status"></p><p class="contact__refused" role="alert">Ingrese un número de teléfono válido (de 8 a 15 dígitos).</p>',
    );
    expect(render('en', '?language=1&contact=nonsense')).toContain('<p class="contact__thanks" role="status"></p><p class="contact__refused" role="alert"></p>');
  });
});
