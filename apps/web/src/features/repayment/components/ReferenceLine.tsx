import type { RepayInstruction } from '@lend/contracts';
import { formatDateTimeMinutes, type Market } from '@lend/domain';
import type { Formatters } from '../../../lib/format';
import { useT } from '../../../lib/i18n/borrower';
import { CopyButton } from '../../../ui/CopyButton';
import { GroupedCode } from '../../../ui/GroupedCode';
import { useExpired } from '../use-expired';

type Detail = RepayInstruction['repayDetail'];

/** The reference to pay against, until when, what the place takes, and any expired one it replaced. */
export function ReferenceLine({ detail, market, format, onRenew }: { detail: Detail; market: Market; format: Formatters; onRenew: () => void }) {
  const t = useT();
  const expired = useExpired(detail.expiresAt);
  return (
    <div className="instruction-reference" data-testid="instruction-reference">
      <p className="instruction-reference__line">
        <span className="instruction-reference__label">{t('instruction.referenceLabel')}</span>
        <GroupedCode
          className={expired ? 'instruction-reference__code instruction-reference__code--expired' : 'instruction-reference__code'}
          testId="instruction-code"
          value={detail.vCode}
        />
        {!expired && <CopyButton text={detail.vCode} label={t('instruction.copyReference', { code: detail.vCode })} />}
      </p>
      {expired ? (
        <div className="instruction-reference__expired" role="alert">
          <p>{t('instruction.expired')}</p>
          <button type="button" className="button button--small" onClick={onRenew}>
            {t('instruction.renew')}
          </button>
        </div>
      ) : (
        detail.expiresAt && (
          <p className="muted" data-testid="instruction-expiry">
            {/* To the minute, in the market's time zone, which is named: the borrower may be elsewhere. */}
            {t('instruction.validUntilZone', { time: formatDateTimeMinutes(new Date(detail.expiresAt), market), zone: t(market === 'IN' ? 'instruction.zone.IN' : 'instruction.zone.MX') })}
          </p>
        )
      )}
      {detail.expiredVCode && (
        <p className="instruction-reference__replaced" data-testid="instruction-replaced">
          {t('instruction.replaced', { code: detail.expiredVCode })}
        </p>
      )}
      {detail.minAmount !== undefined && detail.maxAmount !== undefined && (
        <p className="muted" data-testid="instruction-limits">
          {t('instruction.limits', { min: format.amount(detail.minAmount), max: format.amount(detail.maxAmount) })}
        </p>
      )}
    </div>
  );
}
