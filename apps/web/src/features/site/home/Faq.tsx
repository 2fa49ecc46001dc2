import { useId, useState } from 'react';
import { useT, type MessageKey, type MessageParams } from '../../../lib/i18n/site';

const QUESTIONS: readonly { key: string; question: MessageKey; answer: MessageKey }[] = [
  { key: 'fees', question: 'site.faq.fees.q', answer: 'site.faq.fees.a' },
  { key: 'suits', question: 'site.faq.suits.q', answer: 'site.faq.suits.a' },
  { key: 'speed', question: 'site.faq.speed.q', answer: 'site.faq.speed.a' },
  { key: 'watch', question: 'site.faq.watch.q', answer: 'site.faq.watch.a' },
  { key: 'purposes', question: 'site.faq.purposes.q', answer: 'site.faq.purposes.a' },
];

/**
 * Five questions, one answer open at a time, the first open at load (docs/decisions/044); the
 * answers name the market's tax and rate (`words`, docs/decisions/232).
 */
export function Faq({ words }: { words: MessageParams }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState<number | null>(0);
  return (
    <section className="faq" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('site.faq.title')}</h2>
      {QUESTIONS.map((item, index) => {
        const expanded = open === index;
        return (
          <div key={item.key} className="faq__item" data-faq={item.key}>
            <h3 className="faq__question">
              <button
                type="button"
                id={`${id}-${item.key}-q`}
                aria-expanded={expanded}
                aria-controls={`${id}-${item.key}-a`}
                onClick={() => setOpen(expanded ? null : index)}
              >
                {t(item.question)}
              </button>
            </h3>
            <div id={`${id}-${item.key}-a`} role="region" aria-labelledby={`${id}-${item.key}-q`} className="faq__answer" hidden={!expanded}>
              <p>{t(item.answer, words)}</p>
            </div>
          </div>
        );
      })}
    </section>
  );
}
