import { DEV_PREVIEW_DEFAULTS_PATH, previewDefaultsSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { DEMO_BORROWER, DEMO_DEVICE_ID } from '../../seed/demo-data';
import { previewOrders } from '../repayment';
import { borrowerByPhone, createSession, type CreatedSession } from '../sessions';

/**
 * Developer preview support (registered in demo mode only): the demo borrower's values,
 * with a session minted for this server process, since only session hashes are stored.
 */
export function previewRoutes(db: Db): FastifyPluginAsyncZod {
  let session: CreatedSession | undefined;
  return async (app) => {
    app.get(
      DEV_PREVIEW_DEFAULTS_PATH,
      { schema: { tags: ['development'], response: { 200: previewDefaultsSchema } } },
      async () => {
        const borrower = await borrowerByPhone(db, DEMO_BORROWER.phone);
        if (!borrower) throw notFound();
        if (!session || session.expiresAt.getTime() < Date.now() + 60_000) {
          session = await createSession(db, { phone: DEMO_BORROWER.phone, market: DEMO_BORROWER.market, deviceId: DEMO_DEVICE_ID });
        }
        // Each link opens its screen for an order in the state it needs: something to repay, an extension allowed.
        const { repaying: order, extendable } = await previewOrders(db, borrower.id);
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
        };
      },
    );
  };
}
