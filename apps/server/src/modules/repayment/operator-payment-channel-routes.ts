import {
  envelopeSchema,
  OperatorPath,
  paymentChannelConfigListSchema,
  paymentChannelConfigSchema,
  paymentChannelListQuerySchema,
  paymentChannelParamsSchema,
  paymentChannelUpdateRequestSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { actorOf } from '../staff';
import { changeChannel, channelConfig, operatorPaymentChannelList } from './payment-channel-config';
import { ok } from '../../plugins/envelope';

/** The back office's payment channels (docs/decisions/178): a market's list, and one channel's fee, limits and availability. */
export function operatorPaymentChannelRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OperatorPath.paymentChannels,
      {
        schema: {
          tags: ['operator'],
          summary: "A market's payment channels, offered or not, in the borrowers' order",
          querystring: paymentChannelListQuerySchema,
          response: { 200: envelopeSchema(paymentChannelConfigListSchema) },
        },
      },
      async (request) => ok(await operatorPaymentChannelList(db, request.query)),
    );

    app.put(
      OperatorPath.paymentChannel,
      {
        schema: {
          tags: ['operator'],
          summary: "Change a channel's fee, payment limits and whether borrowers are offered it; audited with the values before and after",
          params: paymentChannelParamsSchema,
          body: paymentChannelUpdateRequestSchema,
          response: { 200: envelopeSchema(paymentChannelConfigSchema) },
        },
      },
      async (request) => ok(channelConfig(await changeChannel(db, request.params.code, request.body, actorOf(request)))),
    );
  };
}
