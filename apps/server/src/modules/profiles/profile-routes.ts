import {
  addressRequestSchema,
  certificationInfoSchema,
  commonQuerySchema,
  consentsRequestSchema,
  consentsResponseSchema,
  consentTextsSchema,
  consentWithdrawRequestSchema,
  deviceInfoRequestSchema,
  deviceRecordedSchema,
  employmentRequestSchema,
  envelopeSchema,
  ErrorCode,
  identityRequestSchema,
  imageKindParamsSchema,
  NotCollectedPath,
  payoutAccountViewSchema,
  payoutBindRequestSchema,
  ProfilePath,
  userMenuSchema,
} from '@lend/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerCreateLimit, borrowerReadLimit, borrowerUploadLimit } from '../../plugins/borrower-rate-limit';
import { readUploadedFile, uploads } from '../../plugins/uploads';
import { certificationState, saveAddress, saveEmployment, saveIdentity, saveIdImage, type ProfileDeps } from './certification-service';
import { consentStatuses, consentTextsFor, giveConsents, withdrawConsent } from './consent-service';
import { bindPayoutAccount, recordDevice } from './payout-service';
import { presentCertification, presentConsent, presentMenu, presentPayoutAccount } from './profile-presenter';
import { menuSummary } from './profile-reads';
import { ok } from '../../plugins/envelope';

const certificationAnswer = { 200: envelopeSchema(certificationInfoSchema) };
const tags = ['profile'];

/**
 * The borrower's profile calls (docs/decisions/135–138). Each certification step answers the
 * certification info, so the app knows at once what is left.
 */
export function profileRoutes(deps: ProfileDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Only these routes take files: the rest of the API pays nothing for multipart (docs/decisions/229).
    await app.register(uploads);
    const certification = async (request: FastifyRequest) => ok(presentCertification(await certificationState(deps.db, borrowerOf(request).borrowerId)), request.language);

    app.post(
      ProfilePath.certificationInfo,
      { config: borrowerReadLimit, schema: { tags, summary: 'Which certification steps are done and which are missing', querystring: commonQuerySchema, response: certificationAnswer } },
      certification,
    );

    app.post(
      ProfilePath.identity,
      {
        config: borrowerCreateLimit,
        schema: {
          tags,
          summary: 'Name, date of birth (18+) and national id: a CURP matching them in Mexico, a personal PAN (and at most the last 4 Aadhaar digits) in India',
          querystring: commonQuerySchema,
          body: identityRequestSchema,
          response: certificationAnswer,
        },
      },
      async (request) => {
        await saveIdentity(deps, borrowerOf(request).borrowerId, request.body);
        return certification(request);
      },
    );

    app.post(
      ProfilePath.address,
      { config: borrowerCreateLimit, schema: { tags, summary: 'Home address (postal code: 5 digits in Mexico, 6 in India)', querystring: commonQuerySchema, body: addressRequestSchema, response: certificationAnswer } },
      async (request) => {
        await saveAddress(deps, borrowerOf(request).borrowerId, request.body);
        return certification(request);
      },
    );

    app.post(
      ProfilePath.employment,
      {
        config: borrowerCreateLimit,
        schema: { tags, summary: 'Employment, monthly income and monthly debt payments (minor units, within the market limits)', querystring: commonQuerySchema, body: employmentRequestSchema, response: certificationAnswer },
      },
      async (request) => {
        await saveEmployment(deps, borrowerOf(request).borrowerId, request.body);
        return certification(request);
      },
    );

    app.post(
      `${ProfilePath.image}/:kind`,
      {
        config: borrowerUploadLimit,
        schema: {
          tags,
          summary: 'A photo of the identity document (id-front, id-back) or a selfie: multipart field `image`, JPEG, PNG or WebP, at most 5 MiB',
          querystring: commonQuerySchema,
          params: imageKindParamsSchema,
          response: certificationAnswer,
        },
      },
      async (request) => {
        const bytes = await readUploadedFile(request, 'image', { missing: ErrorCode.ProfileImageMissing, tooLarge: ErrorCode.ProfileImageTooLarge });
        await saveIdImage(deps, borrowerOf(request).borrowerId, request.params.kind, bytes);
        return certification(request);
      },
    );

    app.post(
      ProfilePath.consents,
      {
        config: borrowerCreateLimit,
        schema: { tags, summary: 'Accept consents, each with the version of the text shown', querystring: commonQuerySchema, body: consentsRequestSchema, response: certificationAnswer },
      },
      async (request) => {
        const source = `app:${request.query.clientType || 'unknown'}`;
        await giveConsents(deps, borrowerOf(request).borrowerId, request.body.items, { source, ip: request.ip, deviceId: request.query.deviceId || null });
        return certification(request);
      },
    );

    app.post(
      ProfilePath.consentTexts,
      {
        config: borrowerReadLimit,
        schema: {
          tags,
          summary: "The consent texts of the borrower's market in their language, each with the version an acceptance names and whether it is required",
          querystring: commonQuerySchema,
          response: { 200: envelopeSchema(consentTextsSchema) },
        },
      },
      async (request) => ok({ items: await consentTextsFor(deps.db, borrowerOf(request).borrowerId, request.language) }, request.language),
    );

    app.post(
      ProfilePath.consentWithdraw,
      {
        config: borrowerCreateLimit,
        schema: { tags, summary: 'Withdraw a consent where the law allows it', querystring: commonQuerySchema, body: consentWithdrawRequestSchema, response: { 200: envelopeSchema(consentsResponseSchema) } },
      },
      async (request) => {
        const borrowerId = borrowerOf(request).borrowerId;
        await withdrawConsent(deps, borrowerId, request.body.kind);
        const { items } = await consentStatuses(deps.db, borrowerId);
        return ok({ items: items.map((item) => presentConsent(item, request.language)) }, request.language);
      },
    );

    app.post(
      ProfilePath.payoutBind,
      {
        config: borrowerCreateLimit,
        schema: {
          tags,
          summary: 'Bind the account loans are paid out to: a CLABE in Mexico, an IFSC and account number in India, held by the borrower',
          querystring: commonQuerySchema,
          body: payoutBindRequestSchema,
          response: { 200: envelopeSchema(payoutAccountViewSchema) },
        },
      },
      async (request) => ok(presentPayoutAccount(await bindPayoutAccount(deps, borrowerOf(request).borrowerId, request.body)), request.language),
    );

    app.post(
      ProfilePath.deviceInfo,
      {
        config: borrowerCreateLimit,
        schema: { tags, summary: 'App version, OS, device model and id, kept for fraud checks with device-data consent', querystring: commonQuerySchema, body: deviceInfoRequestSchema, response: { 200: envelopeSchema(deviceRecordedSchema) } },
      },
      async (request) => {
        await recordDevice(deps, borrowerOf(request).borrowerId, request.body);
        return ok({ recorded: true as const }, request.language);
      },
    );

    app.post(
      ProfilePath.menu,
      { config: borrowerReadLimit, schema: { tags, summary: 'The user menu: profile summary, masked ids and account, consents, links', querystring: commonQuerySchema, response: { 200: envelopeSchema(userMenuSchema) } } },
      async (request) => ok(presentMenu(await menuSummary(deps.db, borrowerOf(request).borrowerId), request.language), request.language),
    );

    // Contacts, call logs, photos and location are not collected (docs/decisions/137): refused whatever is sent.
    for (const path of Object.values(NotCollectedPath)) {
      app.post(
        path,
        {
          config: borrowerCreateLimit,
          schema: { tags, summary: 'Not collected: always refused with 8081, nothing is read or stored', querystring: commonQuerySchema, response: { 403: envelopeSchema(z.null()) } },
        },
        async () => {
          throw new AppError(ErrorCode.DataNotCollected);
        },
      );
    }
  };
}
