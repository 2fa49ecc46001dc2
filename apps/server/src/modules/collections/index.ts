/**
 * Late orders (docs/decisions/242, 243): each order's days past due and its market's bucket, kept
 * by the order clock (`recordLateness` in its batch, `cureSettledLateness` after it), every move
 * between buckets, each market's buckets as administrators set them; the collections workspace:
 * the queue, taking and assigning orders, contacts under the market's conduct rules, promises to
 * pay decided by the money that arrives (asked of payments through `PaidSince`); SMS from the
 * workspace, the reminder on a promise's day and each agent's promise-kept rate (246). Owns
 * `delinquency_bands`, `order_delinquency`, `delinquency_moves`, `collection_contacts`,
 * `promises_to_pay`; and write-off (docs/decisions/244): the clock's on the product's day and a credit
 * officer's, recoveries counted as payments arrive; borrowers' requests for a plan (248); outside agencies and
 * the orders placed with them (249). Also owns `write_offs`, `plan_requests`, `collection_agencies`, `agency_placements`;
 * and settlements
 * (docs/decisions/245): offered, approved, accepted by the borrower and closed by the money that
 * arrives (`settlementInForce`, `recordSettlementPayment` for payments' apply path). Owns `settlements`;
 * and payment plans (250): offered by an officer, accepted by the borrower with the order's schedule
 * replaced in the same transaction, kept by payments (`paymentPlanInForce`, `keepPaymentPlan`) or
 * broken by the clock (`paymentPlansOnClock`). Owns `payment_plans`.
 */
export { bandsOfMarket, cureSettledLateness, latenessOf, recordLateness, type Lateness } from './delinquency-service';
export { delinquencyRoutes } from './delinquency-routes';
export { checkPromises, collectionsDataOf, eraseCollectionsOf, makePromise, type PaidSince } from './work-service';
export { collectionWorkRoutes } from './work-routes';
export { borrowerCollectionRoutes } from './borrower-routes';
export { collectionLossRoutes } from './write-off-routes';
export { recordSettlementPayment, settlementInForce, settlementReached, type SettlementInForce } from './settlement-service';
export { isWrittenOff, recordRecovery, writeOffOf, writeOffOnDay, writeOffsOfOrderRange, writtenOffAmong, type WriteOffCandidate } from './write-off-service';
export { PROMISE_REMINDER_ATTEMPTS, remindPromisesDue } from './collection-messages';
export { AGENCY_NOTICE_ATTEMPTS, tellBorrowersOfAgencies } from './agency-notice';
export { collectionMessageRoutes } from './message-routes';
export { bucketRolls, promisesByAgent, writeOffsByProduct, writtenOffOrderIds, type AgentPromiseRow, type BucketRoll, type ProductWriteOffs } from './book-figures-repository';
export { agencyRoutes } from './agency-routes';
export { keepPaymentPlan, paymentPlanInForce, paymentPlansOnClock } from './payment-plan-service';
