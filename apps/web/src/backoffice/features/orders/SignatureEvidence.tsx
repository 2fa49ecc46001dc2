import type { OrderSignatures } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatInstant } from '../../lib/format';
import type { Market } from '@lend/domain';

/**
 * What proves the borrower signed the order's contract and, in India, its Key Facts Statement
 * (docs/decisions/184): when, from which address and browser, in which language, and each
 * document's SHA-256 with whether the text the lender keeps still hashes to it.
 */
export function SignatureEvidence({ signatures, market }: { signatures: OrderSignatures; market: Market }) {
  const t = useT();
  const { language } = useBackoffice();
  const { signed } = signatures;
  return (
    <section aria-labelledby="bo-signatures" data-signatures="">
      <h2 id="bo-signatures">{t('bo.orders.signatures')}</h2>
      {signed === null ? (
        <p className="bo-muted">{t('bo.orders.notSigned')}</p>
      ) : (
        <>
          <dl className="bo-facts">
            <dt>{t('bo.orders.signedAt')}</dt>
            <dd>
              <time dateTime={signed.agreedAt}>{formatInstant(signed.agreedAt, language, market)}</time>
            </dd>
            <dt>{t('bo.orders.signedFrom')}</dt>
            <dd>
              <code>{signed.clientIp}</code>
            </dd>
            <dt>{t('bo.orders.userAgent')}</dt>
            <dd>{signed.userAgent || '—'}</dd>
            <dt>{t('bo.orders.signedLanguage')}</dt>
            <dd>{signed.language === 'en' ? t('bo.language.en') : t('bo.language.es')}</dd>
          </dl>
          <div className="bo-table">
            <div className="bo-table__scroll">
              <table>
                <caption>{t('bo.orders.documents')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('bo.orders.document')}</th>
                    <th scope="col">{t('bo.orders.textHash')}</th>
                    <th scope="col">{t('bo.orders.hashCheck')}</th>
                  </tr>
                </thead>
                <tbody>
                  {signed.documents.map((document) => (
                    <tr key={document.kind} data-document={document.kind}>
                      <td>{document.kind === 'contract' ? t('bo.orders.document.contract') : t('bo.orders.document.keyFacts')}</td>
                      <td>
                        <code className="bo-hash">{document.sha256}</code>
                      </td>
                      <td>
                        {document.hashMatches ? (
                          t('bo.orders.hashMatches')
                        ) : (
                          <span className="bo-badge bo-badge--alert">{t('bo.orders.hashDiffers')}</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
