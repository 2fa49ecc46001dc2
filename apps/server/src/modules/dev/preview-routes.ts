import { DEV_PREVIEW_DEFAULTS_PATH, flagFromLanguage, MARKET_LANGUAGE, previewDefaultsQuerySchema, previewDefaultsSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import type { CreditLineOf } from '../orders';
import { confirmablePreview, previewSubject, type PreviewBorrowers } from './preview-service';

/**
 * Developer preview support (registered in demo mode only): the values of the demo borrower of the
 * market asked for (`?market=MX` or `IN`, docs/decisions/233), with a session minted for this server
 * process, since only session hashes are stored.
 */
export function previewRoutes(db: Db, deps: { creditLineOf: CreditLineOf; now: () => Date; demos: PreviewBorrowers }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      DEV_PREVIEW_DEFAULTS_PATH,
      { schema: { tags: ['development'], querystring: previewDefaultsQuerySchema, response: { 200: previewDefaultsSchema } } },
      async (request) => {
        const { market } = request.query;
        const subject = await previewSubject(db, deps.demos, market);
        if (!subject) throw notFound();
        const { session, orders } = subject;
        // Each link opens its screen for an order in the state it needs: something to repay, an extension allowed.
        const { repaying: order, extendable } = orders;
        const confirmable = await confirmablePreview(db, deps.demos, market, deps.creditLineOf, deps.now());
        return {
          market,
          borrowerName: subject.name,
          userId: session.userId,
          sessionId: session.sessionId,
          deviceId: deps.demos.deviceId,
          appVersion: '1.0.0',
          deviceName: 'Demo Phone',
          osVersion: 'Android 14',
          advertisingId: '00000000-0000-4000-8000-000000000000',
          productId: String(order?.productId ?? ''),
          // Borrower-facing addresses name an order by its number.
          orderId: order?.orderNo ?? '',
          // The market's own language: Spanish in Mexico, English in India.
          language: flagFromLanguage(MARKET_LANGUAGE[market]),
          extensionOrderId: extendable?.orderNo ?? '',
          extensionProductId: String(extendable?.productId ?? ''),
          instructionAmount: order ? String(order.amountMinor) : '',
          instructionPayCode: order?.payCode ?? '',
          complaintOrderId: subject.complaintOrderId,
          confirmUserId: confirmable?.session.userId ?? '',
          confirmSessionId: confirmable?.session.sessionId ?? '',
          confirmProductId: confirmable ? String(confirmable.productId) : '',
        };
      },
    );
  };
}
