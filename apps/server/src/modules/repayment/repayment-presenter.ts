import type { ChannelFees, InstallmentDetail, InstallmentPayoff, Language, PaymentChannelGroup, RepayInstruction } from '@lend/contracts';
import { formatAmount, type Market } from '@lend/domain';
import { barcodeDataUri, qrCodeDataUri } from '../../providers/payments/barcode';
import type { ChannelKind, ReferenceDisplay } from '../../providers/payments/cash-payments';
import { loanText, NO_VALUE } from '../products';
import type { PayoffOffer } from './payoff-offer';
import { allowedPayoffTexts } from './payoff-presenter';
import type { ChannelReference, PayChannel } from './reference-issuer';
import { repaymentText, type RepaymentTextKey } from './repayment-texts';
import type { InstallmentDue, PaymentInstruction } from './repayment-service';

type Text = (key: RepaymentTextKey, values?: Record<string, string | number>) => string;

const texts =
  (language: Language): Text =>
  (key, values) =>
    repaymentText(language, key, values);

/**
 * How a reference is paid: as its channel's kind says (cash at a till, a transfer naming the
 * reference), unless its rail's details say otherwise: a UPI QR code, or a transfer into an
 * account of the borrower's own (docs/decisions/115, 121, 131).
 */
type Rail = ChannelKind | 'upi' | 'account';

function railOf(kind: ChannelKind, display: ReferenceDisplay | undefined): Rail {
  if (display?.upiQrUrl) return 'upi';
  if (display?.clabe || display?.accountNumber) return 'account';
  return kind;
}

const RAIL_TEXT: Record<Rail, { desc: RepaymentTextKey; steps: RepaymentTextKey[] }> = {
  store: { desc: 'pay.desc.store', steps: ['pay.store.1', 'pay.store.2', 'pay.store.3', 'pay.store.4'] },
  bank: { desc: 'pay.desc.bank', steps: ['pay.bank.1', 'pay.bank.2', 'pay.bank.3', 'pay.bank.4'] },
  upi: { desc: 'pay.desc.upi', steps: ['pay.upi.1', 'pay.upi.2', 'pay.upi.3', 'pay.upi.4'] },
  account: { desc: 'pay.desc.bank', steps: ['pay.bank.1', 'pay.account.2', 'pay.bank.3', 'pay.bank.4'] },
};

/** A group of UPI codes only is headed as UPI, not as cash at a store. */
const groupText = (kind: ChannelKind, rails: readonly Rail[]): RepaymentTextKey =>
  kind === 'bank' ? 'pay.group.bank' : rails.every((rail) => rail === 'upi') ? 'pay.group.upi' : 'pay.group.store';

/** A store's till scans a barcode; a transfer has none, nor does a UPI code, whose QR code is drawn from its link instead. */
const barcodeOf = (rail: Rail, reference: string) => (rail === 'store' ? barcodeDataUri(reference) : '');
const upiQrOf = (display: ReferenceDisplay | undefined) => (display?.upiIntentUrl ? { upiQrImg: qrCodeDataUri(display.upiIntentUrl) } : {});

/** The channel groups of a screen: cash at a store first, then transfers, each with this order's reference. */
export function channelGroups(references: readonly ChannelReference[], language: Language): PaymentChannelGroup[] {
  const t = texts(language);
  const groups: PaymentChannelGroup[] = [];
  for (const kind of ['store', 'bank'] as const) {
    const rows = references
      .filter(({ channel }) => channel.kind === kind)
      .map(({ channel, reference, display }) => {
        const rail = railOf(kind, display);
        const item = { logo: channel.logoUrl, desc: t(RAIL_TEXT[rail].desc, { name: channel.name }), vCode: reference, BARcodeImg: barcodeOf(rail, reference), payCode: channel.code, ...display };
        return { rail, item };
      });
    if (rows.length > 0) groups.push({ reviewer: t(groupText(kind, rows.map(({ rail }) => rail))), list: rows.map(({ item }) => item) });
  }
  return groups;
}

/** Today's payoff beside the installment: what it settles, what is taken off, and where to pay exactly that. */
function payoffAnswer(offer: PayoffOffer, market: Market, language: Language): InstallmentPayoff {
  return {
    amount: offer.payoffMinor,
    title: repaymentText(language, 'payoff.title'),
    ...allowedPayoffTexts(language, market, offer),
    repayList: channelGroups(offer.channels, language),
  };
}

/**
 * The installment repayment overview in the borrower's language (docs/decisions/076): each
 * installment counted in what to pay now with what is still owed of it, then the late charges,
 * so the rows above the total add up to it.
 */
export function installmentDetailAnswer(due: InstallmentDue, language: Language): InstallmentDetail {
  const t = texts(language);
  const { market } = due;
  const amount = (minor: number) => formatAmount(minor, market);
  const installmentRows = due.owed.flatMap((owed) => [
    { text: t('pay.row.installment', { n: owed.seq, total: due.installmentCount }), value: amount(owed.unpaidMinor) },
    { text: t('pay.row.principal'), value: amount(owed.principalMinor) },
    { text: t('pay.row.interest'), value: amount(owed.interestMinor) },
    { text: t(market === 'IN' ? 'pay.row.taxIn' : 'pay.row.tax'), value: amount(owed.taxMinor) },
  ]);
  return {
    market,
    repayAmount: due.repayAmountMinor,
    repayDate: due.repayDate,
    productName: due.product.name,
    productLogo: due.product.logoUrl,
    detail: [
      ...installmentRows,
      // With nothing owed the row carries NO_VALUE, which the screens hide.
      { text: loanText(language, 'row.lateChargesOwed'), value: due.lateChargesMinor > 0 ? amount(due.lateChargesMinor) : NO_VALUE },
      { text: t('pay.row.outstanding'), value: amount(due.outstandingMinor) },
    ],
    repayList: channelGroups(due.channels, language),
    noticeMsg: t('pay.notice'),
    ...(due.payoff ? { payoff: payoffAnswer(due.payoff, market, language) } : {}),
    ...(due.overdue ? { overdue: { since: due.overdue.since, days: due.overdue.days, lateCharges: due.overdue.lateChargesMinor } } : {}),
    cardPayment: due.cardPayment,
  };
}

/**
 * Where the place's own fee is said: beside the amount, in the description and in the step that
 * names the amount (docs/decisions/234). Cash at a till is handed over with the fee; a transfer
 * sends the amount, the fee charged apart.
 */
function feeTexts(rail: Rail, feeMinor: number): { description: RepaymentTextKey; steps: RepaymentTextKey[] } {
  const { steps } = RAIL_TEXT[rail];
  if (feeMinor <= 0) return { description: 'pay.description', steps };
  if (rail === 'store') return { description: 'pay.description.storeFee', steps: steps.map((key) => (key === 'pay.store.4' ? 'pay.store.4.fee' : key)) };
  return { description: 'pay.description.transferFee', steps };
}

/** The repayment instruction screen in the borrower's language (docs/decisions/076), with the place's fee where the amount is (234). */
export function repayInstructionAnswer(issued: PaymentInstruction, language: Language): RepayInstruction {
  const t = texts(language);
  const { channel, reference } = issued;
  const amount = formatAmount(issued.amountMinor, issued.market);
  const rail = railOf(channel.kind, issued.display);
  const fee = { fee: formatAmount(channel.feeMinor, issued.market), total: formatAmount(issued.amountMinor + channel.feeMinor, issued.market) };
  const values = { name: channel.name, amount, ...fee, company: channel.companyName, orderNo: issued.orderNo, holder: issued.display?.beneficiary ?? channel.companyName };
  const said = feeTexts(rail, channel.feeMinor);
  return {
    market: issued.market,
    topLogo: channel.logoUrl,
    bottomLogo: issued.productLogo,
    repayDetail: {
      amount: issued.amountMinor,
      repayTitle: t(issued.requestType === 2 ? 'pay.title.extension' : 'pay.title.repayment', values),
      repayDes: t(said.description, values),
      repayCode: barcodeOf(rail, reference),
      vCode: reference,
      companyName: channel.companyName,
      ...(channel.feeMinor > 0 ? { fee: channel.feeMinor } : {}),
      expiresAt: issued.expiresAt.toISOString(),
      minAmount: channel.minAmountMinor,
      maxAmount: channel.maxAmountMinor,
      ...(issued.expired ? { expiredVCode: issued.expired } : {}),
      ...issued.display,
      ...upiQrOf(issued.display),
    },
    dataList: [
      { title: t('pay.steps'), content: said.steps.map((key) => t(key, values)) },
      { title: t('pay.mind'), content: [t('pay.mind.1', values), t('pay.mind.2', values)] },
    ],
    // The fee table is a screen of the app, built from the channels (`channel-fees`): no page of the site links here.
    imgList: { title: t('pay.where'), eMail: t('pay.fees'), content: [channel.logoUrl] },
  };
}

/** The fee table: each place to pay with its kind in the borrower's language, its fee and the amounts it takes. */
export function channelFeesAnswer({ market, channels }: { market: Market; channels: readonly PayChannel[] }, language: Language): ChannelFees {
  const t = texts(language);
  return {
    market,
    channels: channels.map((channel) => ({
      payCode: channel.code,
      name: channel.name,
      logo: channel.logoUrl,
      kind: t(channel.kind === 'bank' ? 'pay.group.bank' : 'pay.group.store'),
      fee: channel.feeMinor,
      minAmount: channel.minAmountMinor,
      maxAmount: channel.maxAmountMinor,
    })),
  };
}
