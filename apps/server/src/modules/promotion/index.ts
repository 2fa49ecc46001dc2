/** The promotion landing: visitors, captcha, sign-up codes, registration, templates and tracking. */
export { activeTemplatesOf } from './active-templates';
export { CaptchaAnswerLog, createCaptchaAnswers } from './captcha-answer-log';
export { createPromotionDeps, type PromotionDeps } from './promotion-deps';
export { PromotionError } from './promotion-error';
export { promotionOperatorRoutes } from './promotion-operator-routes';
export { erasePromotionDataOf } from './promotion-privacy-service';
export { promotionRoutes } from './promotion-routes';
export { requestSmsCode } from './sms-service';
export { createTemplate } from './template-service';
export { eventCountsOf } from './tracking-service';
export { hashSid, issueCaptcha, newVisitor, removeExpiredVisitors, VISITOR_CLEANUP_INTERVAL_MS } from './visitor-service';
