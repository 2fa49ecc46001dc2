import {
  envelopeSchema,
  OperatorPath,
  promoFunnelDaysQuerySchema,
  promoFunnelDaysSchema,
  promoFunnelQuerySchema,
  promoFunnelSchema,
  promoTemplateInputSchema,
  promoTemplateListQuerySchema,
  promoTemplateListSchema,
  promoTemplateParamsSchema,
  promoTemplateSchema,
  promoTemplateUpdateSchema,
  PromotionOperatorPath,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CampaignDeps } from './campaign-deps';
import { presentTemplate } from './template-presenter';
import { actorOf } from '../staff';
import { createOperatorTemplate, operatorTemplatePage, updateOperatorTemplate } from './template-service';
import { templateFunnel, templateFunnelByDay } from './tracking-service';
import { ok } from '../../plugins/envelope';


/** Operator side of the campaigns: templates and their funnel. */
export function campaignOperatorRoutes(deps: CampaignDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['operator'];

    app.post(
      OperatorPath.promoTemplates,
      { schema: { tags, summary: 'Create a promotion landing template of a market (`market`, else PROMOTION_MARKET)', body: promoTemplateInputSchema, response: { 200: envelopeSchema(promoTemplateSchema) } } },
      async (request) => {
        const template = presentTemplate(await createOperatorTemplate(deps.db, request.body, deps.defaultMarket, actorOf(request)));
        request.log.info({ templateId: template.id, market: template.market }, 'operator created a promotion template');
        return ok(template);
      },
    );

    app.put(
      OperatorPath.promoTemplate,
      {
        schema: {
          tags,
          summary: 'Change a promotion template (its market too, when `market` is given), or end its campaign (`active: false`); audited with the template before and after',
          params: promoTemplateParamsSchema,
          body: promoTemplateUpdateSchema,
          response: { 200: envelopeSchema(promoTemplateSchema) },
        },
      },
      async (request) => {
        const row = await updateOperatorTemplate(deps.db, request.params.id, request.body, actorOf(request));
        deps.templates.forget(row.id);
        request.log.info({ templateId: row.id, active: row.active }, 'operator changed a promotion template');
        return ok(presentTemplate(row));
      },
    );

    app.get(
      OperatorPath.promoTemplates,
      {
        schema: {
          tags,
          summary: 'Promotion templates, oldest first, a page at a time (limit, cursor)',
          querystring: promoTemplateListQuerySchema,
          response: { 200: envelopeSchema(promoTemplateListSchema) },
        },
      },
      async (request) => {
        return ok(await operatorTemplatePage(deps.db, {}, request.query));
      },
    );

    app.get(
      OperatorPath.promoFunnel,
      { schema: { tags, summary: 'Visits, clicks, SMS sent and registrations of a template', querystring: promoFunnelQuerySchema, response: { 200: envelopeSchema(promoFunnelSchema) } } },
      async (request) => ok(await templateFunnel(deps, request.query.templateId)),
    );

    app.get(
      PromotionOperatorPath.funnelDays,
      {
        schema: {
          tags,
          summary: 'A template’s visits, clicks, SMS sent and registrations per calendar day of the template’s market (from, to: at most 92 days)',
          querystring: promoFunnelDaysQuerySchema,
          response: { 200: envelopeSchema(promoFunnelDaysSchema) },
        },
      },
      async (request) => ok(await templateFunnelByDay(deps, request.query)),
    );

  };
}
