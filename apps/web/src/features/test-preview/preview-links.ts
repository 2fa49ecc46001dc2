import { AppRoute, COMMON_QUERY_KEYS, HashRoute, RequestType, type PreviewDefaults } from '@lend/contracts';
import type { MessageKey } from '../../lib/i18n/borrower';
import { commonQuery, type PageParams } from '../../lib/page-params';

export type PreviewFields = PreviewDefaults;

/**
 * `extension`: opens the order an extension is allowed for; `instruction`: adds the amount, payCode
 * and requestType; `complaint`: names the order by its numeric id; `confirm`: a product a demo
 * borrower may confirm a loan on now, with that borrower's session.
 */
type Target = { label: MessageKey; order?: 'extension' | 'instruction' | 'complaint' | 'confirm' } & ({ path: string } | { hashPath: string });

/** The pages the preview opens, in the order the original app's preview listed them. */
export const PREVIEW_TARGETS: readonly Target[] = [
  { label: 'preview.link.loanConfirm', path: AppRoute.loanConfirm, order: 'confirm' },
  { label: 'preview.link.loanDetails', path: AppRoute.loanDetails },
  { label: 'preview.link.repayment', path: AppRoute.repayment },
  { label: 'preview.link.delay', path: AppRoute.delay, order: 'extension' },
  { label: 'preview.link.bindBank', hashPath: HashRoute.addNormalCard },
  { label: 'preview.link.aboutUs', path: AppRoute.aboutUs },
  { label: 'preview.link.complaint', path: AppRoute.complaintHome, order: 'complaint' },
  { label: 'preview.link.customerService', path: AppRoute.customerService },
  { label: 'preview.link.privacyPolicy', path: AppRoute.privacyPolicy },
  { label: 'preview.link.repaymentInstruction', path: AppRoute.repaymentInstruction, order: 'instruction' },
];

/**
 * The common query the native app would send, with the edited fields in place of the address
 * values, plus the order and product. Fields the common query does not carry (device name,
 * OS version, advertising id) stay out of the address.
 */
export function previewQuery(fields: PreviewFields, page: PageParams): URLSearchParams {
  const query = commonQuery(page);
  const edited: Readonly<Record<string, string | undefined>> = fields;
  for (const key of COMMON_QUERY_KEYS) {
    if (!(key in edited)) continue;
    const value = edited[key]?.trim();
    if (value) query.set(key, value);
    else query.delete(key);
  }
  for (const key of ['orderId', 'productId'] as const) {
    const value = fields[key].trim();
    if (value) query.set(key, value);
  }
  return query;
}

/** The query of one target: the extension screen opens an order it can extend, the instruction one a channel's amount. */
export function targetQuery(target: Target, fields: PreviewFields, query: URLSearchParams): URLSearchParams {
  const own = new URLSearchParams(query);
  const set = (values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values)) if (value.trim()) own.set(key, value.trim());
  };
  if (target.order === 'extension' && fields.extensionOrderId.trim()) set({ orderId: fields.extensionOrderId, productId: fields.extensionProductId });
  if (target.order === 'instruction' && fields.instructionAmount.trim() && fields.instructionPayCode.trim()) {
    set({ amount: fields.instructionAmount, payCode: fields.instructionPayCode, requestType: RequestType.Channel });
  }
  if (target.order === 'complaint' && fields.complaintOrderId.trim()) set({ orderId: fields.complaintOrderId });
  if (target.order === 'confirm' && fields.confirmProductId.trim()) {
    own.delete('orderId');
    set({ userId: fields.confirmUserId, sessionId: fields.confirmSessionId, productId: fields.confirmProductId });
  }
  return own;
}

export function previewHref(target: Target, query: URLSearchParams): string {
  const search = query.toString();
  const suffix = search ? `?${search}` : '';
  return 'path' in target ? `${target.path}${suffix}` : `/#${target.hashPath}${suffix}`;
}

/** The fields a page address may fill: every one but the borrower's market and name, which the server's answer names. */
type AddressField = Exclude<keyof PreviewFields, 'market' | 'borrowerName'>;

/** Address values win over the server's defaults, so a preview opened with params keeps them. */
export function initialFields(defaults: PreviewFields, page: PageParams): PreviewFields {
  const fromAddress: Partial<Pick<PreviewFields, AddressField>> = {};
  for (const key of Object.keys(defaults) as (keyof PreviewFields)[]) {
    if (key === 'market' || key === 'borrowerName') continue;
    const value = (page as Readonly<Record<string, string | undefined>>)[key];
    if (value !== undefined) fromAddress[key] = value;
  }
  return { ...defaults, ...fromAddress };
}
