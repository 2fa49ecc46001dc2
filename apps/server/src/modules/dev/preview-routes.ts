import { DEV_PREVIEW_DEFAULTS_PATH, previewDefaultsSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { DEMO_DEVICE_ID } from '../../seed/demo-data';
import type { CreditLineOf } from '../orders';
import { confirmablePreview, previewSubject } from './preview-service';

/**
 * Developer preview support (registered in demo mode only): the demo borrower's values,
 * with a session minted for this server process, since only session hashes are stored.
 */
export function previewRoutes(db: Db, deps: { creditLineOf: CreditLineOf; now: () => Date }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      DEV_PREVIEW_DEFAULTS_PATH,
      { schema: { tags: ['development'], response: { 200: previewDefaultsSchema } } },
      async () => {
        const subject = await previewSubject(db);
        if (!subject) throw notFound();
        const { session, orders } = subject;
        // Each link opens its screen for an order in the state it needs: something to repay, an extension allowed.
        const { repaying: order, extendable } = orders;
        const confirmable = await confirmablePreview(db, deps.creditLineOf, deps.now());
        return {
          userId: session.userId,
          sessionId: session.sessionId,
          deviceId: DEMO_DEVICE_ID,
          appVersion: '1.0.0',
          deviceName: 'Demo Phone',
          osVersion: 'Android 14',
          advertisingId: '00000000-0000-4000-8000-000000000000',
          productId: String(order?.productId ?? ''),
          // Borrower-facing addresses name an order by its number.
          orderId: order?.orderNo ?? '',
          language: '2',
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
