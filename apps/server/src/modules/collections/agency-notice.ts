import { AGENCY_NOTICE_KIND } from '@lend/contracts';
import { MARKETS, type Market } from '@lend/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { companyFacts } from '../company';
import { orderOwners } from '../orders';
import { withBorrowerPhones } from '../sessions';
import { claimNotice, lockTellable, markNotice, placementsToTell } from './agency-repository';
import { collectionMessageText } from './message-presenter';
import { contactRefusal } from './work-service';

export type AgencyNoticeDeps = { db: Db; sms: SmsProvider; log: FastifyBaseLogger };

/** A placement's notice is tried this many times in all; a refused one waits for the next pass. */
export const AGENCY_NOTICE_ATTEMPTS = 3;

/**
 * Tells borrowers by SMS that an outside agency collects their loan from now on, with the agency's
 * name, registration and phone (docs/decisions/249: RBI's rules have the borrower told before the
 * agency contacts them; in Mexico the notice carries its REDECO registration). A legal notice, so
 * it goes whatever messages the borrower takes, but only within the market's contact hours in its
 * time zone and under its caps, as every collection message: until then it waits, and the job's
 * next pass sends it. Each placement is held and claimed in one transaction before sending, so no
 * two passes send one notice. `orderId` limits the pass to one order (right after placing it).
 */
export async function tellBorrowersOfAgencies(deps: AgencyNoticeDeps, now: Date, only?: { market: Market; orderId: number }): Promise<{ sent: number; failed: number }> {
  const { db, sms, log } = deps;
  const result = { sent: 0, failed: 0 };
  for (const market of only ? [only.market] : MARKETS) {
    const due = await placementsToTell(db, market, AGENCY_NOTICE_ATTEMPTS, only?.orderId);
    if (due.length === 0) continue;
    const facts = await companyFacts(db, market);
    if (!facts) {
      log.warn({ market }, 'agency notices not sent: the lender has no facts in this market');
      continue;
    }
    const owners = await orderOwners(
      db,
      due.map((placement) => placement.orderId),
    );
    const placements = due.flatMap((placement) => {
      const owner = owners.get(placement.orderId);
      return owner ? [{ ...placement, ...owner }] : [];
    });
    for (const placement of await withBorrowerPhones(db, placements)) {
      const claimed = await db.transaction(async (tx) => {
        if (!(await lockTellable(tx, placement.id, AGENCY_NOTICE_ATTEMPTS))) return false;
        if (await contactRefusal(tx, market, placement.borrowerId, now)) return false;
        await claimNotice(tx, placement.id, now);
        return true;
      });
      if (!claimed) continue;
      const agency = { name: placement.name, registration: placement.registration, phone: placement.agencyPhone };
      const text = collectionMessageText({ kind: AGENCY_NOTICE_KIND, lender: facts.name, orderNo: placement.orderNo, owedMinor: 0, agency }, market);
      try {
        await sms.send({ phone: placement.phone, text, kind: AGENCY_NOTICE_KIND });
      } catch (error) {
        await markNotice(db, placement.id, 'failed', now);
        log.warn({ err: error, placementId: placement.id }, 'agency notice not sent');
        result.failed += 1;
        continue;
      }
      // Should this update be lost, the notice stays `sending` and is never sent again.
      await markNotice(db, placement.id, 'sent', now);
      result.sent += 1;
    }
  }
  return result;
}
