import type { PhoneMarket } from '@lend/contracts';
import type { CampaignDeps } from './campaign-deps';

/**
 * The market a landing visitor's phone must belong to and in which they register
 * (docs/decisions/232): their template's, live or ended since they came; the default market for
 * a visitor who came without a template.
 */
export async function visitorMarket(deps: Pick<CampaignDeps, 'templates' | 'defaultMarket'>, templateId: number | null): Promise<PhoneMarket> {
  if (templateId === null) return deps.defaultMarket;
  return (await deps.templates.find(templateId))?.market ?? deps.defaultMarket;
}
