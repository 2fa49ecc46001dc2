/**
 * The promotion's campaigns: landing templates (the operator's, and the active ones each server
 * remembers), the landing's visits and clicks counted by day and attribution, and each
 * template's funnel. Owns promo_templates and promo_event_counts.
 */
export { ActiveTemplates, activeTemplatesOf } from './active-templates';
export { campaignOperatorRoutes } from './campaign-operator-routes';
export type { CampaignDeps, SignUpCounts } from './campaign-deps';
export type { EventCountBuffer } from './event-count-buffer';
export { PromotionError, type PromotionRefusal } from './promotion-refusal';
export { presentLanding } from './template-presenter';
export { findTemplate } from './template-repository';
export { createTemplate, operatorTemplatePage } from './template-service';
export type { DayRange } from './tracking-repository';
export { eventCountsOf, trackEvent } from './tracking-service';
export { visitorMarket } from './visitor-market';
