import type { PaymentChannelGroup } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';
import { CopyButton } from '../../../ui/CopyButton';
import { GroupedCode } from '../../../ui/GroupedCode';

export type Channel = PaymentChannelGroup['list'][number];

type Code = { label: string; value: string; copyLabel: string };

/**
 * What the borrower gives or types to pay here: the account of their own when the rail gives one
 * (a CLABE, an Indian account number), else the reference; a UPI code has none to give, its QR
 * code is behind the link (docs/decisions/115, 121, 131).
 */
function codeOf(channel: Channel, t: ReturnType<typeof useT>): Code | undefined {
  if (channel.clabe) return { label: t('channels.clabe'), value: channel.clabe, copyLabel: t('channels.copyClabe', { code: channel.clabe }) };
  if (channel.accountNumber) return { label: t('channels.account'), value: channel.accountNumber, copyLabel: t('channels.copyAccount', { code: channel.accountNumber }) };
  if (channel.upiQrUrl || channel.vCode === '') return undefined;
  return { label: t('channels.reference'), value: channel.vCode, copyLabel: t('channels.copyReference', { code: channel.vCode }) };
}

/**
 * One place: the link to its instruction, then the code and barcode as the link's siblings
 * (a button inside a link is neither). With neither code nor barcode the lower part is left out.
 */
export function ChannelRow({ channel, href, onBarcode }: { channel: Channel; href: string; onBarcode: () => void }) {
  const t = useT();
  const code = codeOf(channel, t);
  const hasLowerPart = code !== undefined || channel.BARcodeImg !== '';
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
          {code && (
            <>
              <span className="channel__code-label">{code.label}</span>
              <GroupedCode className="channel__code-value" testId="channel-reference" value={code.value} />
              <CopyButton text={code.value} label={code.copyLabel} />
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
