import type { PaymentChannelGroup } from '@lend/contracts';
import { useId, useState } from 'react';
import { useT } from '../../lib/i18n/borrower';
import { BarcodeModal } from './components/BarcodeModal';
import { ChannelRow, type Channel } from './components/ChannelRow';
import './payment-channels.css';

type ChannelGroupsProps = {
  groups: readonly PaymentChannelGroup[];
  /** The instruction page of a place for the amount these references are for (its requestType too). */
  hrefOf: (payCode: string) => string;
  /** Tells apart the lists of one screen (the installment's and the payoff's). */
  testId: string;
  /** The groups' heading level, one below the heading the list sits under. */
  headingLevel: 2 | 3;
};

/**
 * The places to pay, grouped under their heading; each row links to its instruction page, with
 * the reference to copy and the barcode to show at the till (installment overview and extension).
 */
export function ChannelGroups({ groups, hrefOf, testId, headingLevel }: ChannelGroupsProps) {
  const t = useT();
  const idPrefix = useId();
  const [barcodeOf, setBarcodeOf] = useState<Channel | null>(null);
  if (groups.length === 0) return <p className="card">{t('channels.empty')}</p>;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="channel-groups" data-testid={testId}>
      {groups.map((group, index) => (
        <section key={`${index}-${group.reviewer}`} className="card channel-group" aria-labelledby={`${idPrefix}-${index}`}>
          <Heading id={`${idPrefix}-${index}`} className="channel-group__title">
            {group.reviewer}
          </Heading>
          <ul className="channel-group__list">
            {group.list.map((channel) => (
              <ChannelRow key={channel.payCode} channel={channel} href={hrefOf(channel.payCode)} onBarcode={() => setBarcodeOf(channel)} />
            ))}
          </ul>
        </section>
      ))}
      <BarcodeModal channel={barcodeOf} onClose={() => setBarcodeOf(null)} />
    </div>
  );
}
