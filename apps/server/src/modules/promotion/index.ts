/** The promotion landing: visitors, captcha, sign-up codes, registration; its campaigns are `promotion-campaigns`'. */
export { CaptchaAnswerLog, createCaptchaAnswers } from './captcha-answer-log';
export { createPromotionDeps, type PromotionDeps } from './promotion-deps';
export { promotionOperatorRoutes } from './promotion-operator-routes';
export { erasePromotionDataOf } from './promotion-privacy-service';
export { promotionRoutes } from './promotion-routes';
export { signUpCounts } from './sign-up-counts-repository';
export { requestSmsCode } from './sms-service';
export { hashSid, issueCaptcha, newVisitor, removeExpiredVisitors, VISITOR_CLEANUP_INTERVAL_MS } from './visitor-service';
