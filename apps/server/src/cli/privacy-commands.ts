import { ARCO_FOLIO_PATTERN, operatorArcoAnswerBodySchema, operatorArcoListQuerySchema, OperatorRoutes, privacyRequestMarket, type PrivacyRequestKind } from '@lend/contracts';
import { operatorApi, pageParams, parsed, single, UsageError, type Command } from './command-kit';

/** What each kind of request asks for, as an operator reads it (docs/decisions/231). */
const KIND_NAMES: Record<PrivacyRequestKind, string> = {
  access: 'Access (ARCO)',
  rectification: 'Rectification (ARCO)',
  cancellation: 'Cancellation (ARCO)',
  opposition: 'Opposition (ARCO)',
  'access-summary': 'Summary of the data and its processing (DPDP Act)',
  correction: 'Correction, completion or updating (DPDP Act)',
  erasure: 'Erasure (DPDP Act)',
  grievance: 'Grievance (DPDP Act)',
  nomination: 'Nomination of a person to exercise the rights (DPDP Act)',
};

export const PRIVACY_COMMANDS: Command[] = [
  {
    words: ['privacy', 'list'],
    usage: 'privacy list [--status open|answered] [--limit <1-200>] [--cursor <c>]',
    summary:
      'Rights requests of both markets, nearest answer date first, a page at a time, each with its market and what it asks for (Mexico: access, rectification, cancellation, opposition; India: access-summary, correction, erasure, grievance, nomination); prints {"items":[…],"nextCursor"}',
    run: async (context, options) => {
      const text = single(options, 'status');
      const status = text === undefined ? undefined : parsed(operatorArcoListQuerySchema, { status: text }, () => '--status').status;
      const page = await operatorApi(context).call(OperatorRoutes.privacyRequests, { query: { status, ...pageParams(options) } });
      const items = page.items.map((item) => ({ ...item, market: privacyRequestMarket(item.kind), kindName: KIND_NAMES[item.kind] }));
      context.print(JSON.stringify({ ...page, items }));
    },
  },
  {
    words: ['privacy', 'answer'],
    usage: 'privacy answer --folio <AR00000001> --text "…"',
    summary: 'Answer a rights request; the borrower sees the answer in the privacy centre',
    run: async (context, options) => {
      const folio = single(options, 'folio');
      if (!folio || !ARCO_FOLIO_PATTERN.test(folio)) throw new UsageError('--folio must be AR followed by eight digits');
      const body = parsed(operatorArcoAnswerBodySchema, { text: single(options, 'text') }, () => '--text');
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.privacyAnswer, { params: { folio }, body })));
    },
  },
];
