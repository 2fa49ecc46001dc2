import { AppRoute, COMMON_QUERY_KEYS, HashRoute, type PreviewDefaults } from '@lend/contracts';
import type { MessageKey } from '../../lib/i18n';
import { commonQuery, type PageParams } from '../../lib/page-params';

export type PreviewFields = PreviewDefaults;

type Target = { label: MessageKey } & ({ path: string } | { hashPath: string });

/** The pages the preview opens, in the order the original listed them (spec §2). */
export const PREVIEW_TARGETS: readonly Target[] = [
  { label: 'preview.link.loanConfirm', path: AppRoute.loanConfirm },
  { label: 'preview.link.loanDetails', path: AppRoute.loanDetails },
  { label: 'preview.link.repayment', path: AppRoute.repayment },
  { label: 'preview.link.delay', path: AppRoute.delay },
  { label: 'preview.link.bindBank', hashPath: HashRoute.addNormalCard },
  { label: 'preview.link.aboutUs', path: AppRoute.aboutUs },
  { label: 'preview.link.complaint', path: AppRoute.complaintHome },
  { label: 'preview.link.customerService', path: AppRoute.customerService },
  { label: 'preview.link.privacyPolicy', path: AppRoute.privacyPolicy },
  { label: 'preview.link.repaymentInstruction', path: AppRoute.repaymentInstruction },
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

export function previewHref(target: Target, query: URLSearchParams): string {
  const search = query.toString();
  const suffix = search ? `?${search}` : '';
  return 'path' in target ? `${target.path}${suffix}` : `/#${target.hashPath}${suffix}`;
}

/** Address values win over the server's defaults, so a preview opened with params keeps them. */
export function initialFields(defaults: PreviewFields, page: PageParams): PreviewFields {
  const fromAddress: Partial<PreviewFields> = {};
  for (const key of Object.keys(defaults) as (keyof PreviewFields)[]) {
    const value = (page as Readonly<Record<string, string | undefined>>)[key];
    if (value !== undefined) fromAddress[key] = value;
  }
  return { ...defaults, ...fromAddress };
}
