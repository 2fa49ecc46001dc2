import type { Language } from '@lend/contracts';
import { Screen } from '../../ui/Screen';

/**
 * The page the service worker answers a borrower screen's address with when the network fails
 * (docs/decisions/240). It is precached at install and shows no data of any kind, so it can never be
 * out of date; its one action is the address it stands in for, loaded again.
 */
const OFFLINE_TEXTS = {
  en: {
    title: 'No connection',
    body: 'This screen shows your loans and amounts as they are right now, so it needs the internet. Check your connection and try again.',
    retry: 'Try again',
  },
  es: {
    title: 'Sin conexión',
    body: 'Esta pantalla muestra sus préstamos y montos tal como están ahora, por eso necesita internet. Revise su conexión e inténtelo de nuevo.',
    retry: 'Intentar de nuevo',
  },
} as const satisfies Record<Language, Record<'title' | 'body' | 'retry', string>>;

/** The offline page's texts in the language. */
export const offlineTexts = (language: Language): (typeof OFFLINE_TEXTS)[Language] => OFFLINE_TEXTS[language];

export function OfflinePage({ language }: { language: Language }) {
  const text = offlineTexts(language);
  return (
    <Screen title={text.title}>
      <section className="card offline">
        <p>{text.body}</p>
        {/* An empty address is the page's own: the screen it stands in for, asked of the network again, without any script. */}
        <a className="button" href="">
          {text.retry}
        </a>
      </section>
    </Screen>
  );
}
