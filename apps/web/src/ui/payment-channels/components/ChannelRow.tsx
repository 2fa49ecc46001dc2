import type { PaymentChannelGroup } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';
import { CopyButton } from '../../../ui/CopyButton';

export type Channel = PaymentChannelGroup['list'][number];

/**
 * One place: the link to its instruction, then the reference and barcode as the link's siblings
 * (a button inside a link is neither). With neither code nor barcode the lower part is left out.
 */
export function ChannelRow({ channel, href, onBarcode }: { channel: Channel; href: string; onBarcode: () => void }) {
  const t = useT();
  const hasLowerPart = channel.vCode !== '' || channel.BARcodeImg !== '';
  return (
    <li className="channel" data-pay-code={channel.payCode}>
      <a className="channel__link" href={href}>
        {channel.logo && <img className="channel__logo" src={channel.logo} alt="" width={40} height={40} />}
        <span className="channel__desc">{channel.desc}</span>
        <span className="visually-hidden">{t('channels.open')}</span>
        <span className="channel__chevron" aria-hidden="true">
          ›
        </span>
      </a>
      {hasLowerPart && (
        <div className="channel__code">
          {channel.vCode && (
            <>
              <span className="channel__code-label">{t('channels.reference')}</span>
              <span className="channel__code-value" data-testid="channel-reference">
                {channel.vCode}
              </span>
              <CopyButton text={channel.vCode} label={t('channels.copyReference', { code: channel.vCode })} />
            </>
          )}
          {channel.BARcodeImg && (
            <button
              type="button"
              className="button button--small button--ghost channel__barcode"
              aria-label={t('channels.showBarcode', { place: channel.desc })}
              onClick={onBarcode}
            >
              <BarcodeIcon />
              {t('channels.barcode')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

function BarcodeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M3 5h2v14H3zm3 0h1v14H6zm2 0h2v14H8zm3 0h1v14h-1zm3 0h2v14h-2zm3 0h1v14h-1zm2 0h2v14h-2z" fill="currentColor" />
    </svg>
  );
}
