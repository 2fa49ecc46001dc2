import { Readable } from 'node:stream';
import { ListExports, type ListExportName } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { collectionsEfficiency, portfolioAtRisk, promisesKept, rollRates, vintageCurves } from '../book-health';
import { pendingCardChargePage } from '../card-repayment';
import { operatorComplaintPage } from '../complaints';
import { referralPage } from '../credit';
import { operatorOrderPage, type BorrowerNames } from '../order-desk';
import { searchBorrowers } from '../operator';
import { operatorPaymentExceptionPage, operatorPaymentPage, operatorWebhookDeliveryPage } from '../payments';
import { arcoRequestsForOperators } from '../privacy';
import { operatorTemplatePage } from '../promotion-campaigns';
import { operatorRefundApprovalPage, operatorRefundPage } from '../refunds';
import { operatorIssuedReferencePage, operatorPaymentChannelList } from '../repayment';
import { operatorSettlementReportPage } from '../settlement';
import { recentContactMessages } from '../site';
import { actorOf, auditEntries, recordRun, staffList } from '../staff';
import { LIST_EXPORT_COLUMNS, type ExportFilters, type ListItem } from './list-export-columns';
import { csvPages, type PageReader } from './list-export-stream';

type Readers = { readonly [K in ListExportName]: PageReader<ExportFilters<K>, ListItem<K>> };

/** A list the screen reads whole is one page. */
const whole = <T>(items: T[]) => ({ items, nextCursor: null });

/** Each list's page, read by the function its JSON route calls (docs/decisions/237). */
function listReaders(db: Db, { borrowerNames, now }: { borrowerNames: BorrowerNames; now: () => Date }): Readers {
  return {
    audit: (filters, page) => auditEntries(db, { ...filters, ...page }),
    cardRepaymentsPending: (filters, page) => pendingCardChargePage(db, filters, page),
    complaints: (filters, page) => operatorComplaintPage(db, filters, page),
    contactMessages: (filters, page) => recentContactMessages(db, { ...filters, ...page }),
    orders: (filters, page) => operatorOrderPage(db, borrowerNames, filters, page),
    paymentExceptions: (filters, page) => operatorPaymentExceptionPage(db, filters, page),
    paymentReferences: (filters, page) => operatorIssuedReferencePage(db, filters, page),
    payments: (filters, page) => operatorPaymentPage(db, filters, page),
    privacyRequests: (filters, page) => arcoRequestsForOperators(db, { ...filters, ...page }),
    promoTemplates: (filters, page) => operatorTemplatePage(db, filters, page),
    referrals: (filters, page) => referralPage(db, filters, page),
    refundApprovals: (filters, page) => operatorRefundApprovalPage(db, filters, page),
    refunds: (filters, page) => operatorRefundPage(db, filters, page),
    settlementReports: (filters, page) => operatorSettlementReportPage(db, filters, page),
    webhookDeliveries: (filters, page) => operatorWebhookDeliveryPage(db, filters, page),
    borrowers: async (filters) => whole((await searchBorrowers(db, filters.q)).items),
    staffAccounts: async () => whole((await staffList(db)).items),
    paymentChannels: async (filters) => whole((await operatorPaymentChannelList(db, filters)).items),
    bookPar: async (filters) => whole((await portfolioAtRisk(db, filters, now())).items),
    bookVintages: async (filters) => whole((await vintageCurves(db, filters, now())).items),
    bookRollRates: async (filters) => whole((await rollRates(db, filters, now())).items),
    bookEfficiency: async (filters) => whole((await collectionsEfficiency(db, filters, now())).items),
    bookPromises: async (filters) => whole((await promisesKept(db, filters, now())).items),
  };
}

/** `orders-2025-03-14.csv`: the list's name and the day (UTC) it was read. */
const fileName = (list: string, at: Date) => `${list}-${at.toISOString().slice(0, 10)}.csv`;

/**
 * Every list the back office shows, as CSV at its path with `.csv` and its own filters
 * (docs/decisions/237): audited before the first byte, then streamed a page at a time.
 */
export function listExportRoutes(db: Db, options: { borrowerNames: BorrowerNames; now?: () => Date }): FastifyPluginAsyncZod {
  const now = options.now ?? (() => new Date());
  const readers = listReaders(db, { borrowerNames: options.borrowerNames, now });
  return async (app) => {
    const register = <K extends ListExportName>(key: K) => {
      const entry = ListExports[key];
      const read: PageReader<ExportFilters<K>, ListItem<K>> = readers[key];
      app.get(
        entry.csv.path,
        { schema: { tags: ['operator'], summary: `The ${entry.name} list as CSV, with the list's filters`, ...(entry.csv.query ? { querystring: entry.csv.query } : {}) } },
        async (request, reply) => {
          const filters = (request.query ?? {}) as ExportFilters<K>;
          const at = now();
          await recordRun(db, actorOf(request), { action: 'list.export', objectType: 'list', objectId: entry.name, after: { filters } }, at);
          void reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${fileName(entry.name, at)}"`)
            .send(Readable.from(csvPages(read, filters, LIST_EXPORT_COLUMNS[key]), { objectMode: false }));
          return reply;
        },
      );
    };
    for (const key of Object.keys(ListExports) as ListExportName[]) register(key);
  };
}
