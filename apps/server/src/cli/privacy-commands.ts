import { ARCO_FOLIO_PATTERN, operatorArcoAnswerBodySchema, operatorArcoListQuerySchema, OperatorRoutes } from '@lend/contracts';
import { operatorApi, pageParams, parsed, single, UsageError, type Command } from './command-kit';

export const PRIVACY_COMMANDS: Command[] = [
  {
    words: ['privacy', 'list'],
    usage: 'privacy list [--status open|answered] [--limit <1-200>] [--cursor <c>]',
    summary: 'ARCO requests (access, rectification, cancellation, opposition), nearest answer date first, a page at a time; prints {"items":[…],"nextCursor"}',
    run: async (context, options) => {
      const text = single(options, 'status');
      const status = text === undefined ? undefined : parsed(operatorArcoListQuerySchema, { status: text }, () => '--status').status;
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.privacyRequests, { query: { status, ...pageParams(options) } })));
    },
  },
  {
    words: ['privacy', 'answer'],
    usage: 'privacy answer --folio <AR00000001> --text "…"',
    summary: 'Answer an ARCO request; the borrower sees the answer in the privacy centre',
    run: async (context, options) => {
      const folio = single(options, 'folio');
      if (!folio || !ARCO_FOLIO_PATTERN.test(folio)) throw new UsageError('--folio must be AR followed by eight digits');
      const body = parsed(operatorArcoAnswerBodySchema, { text: single(options, 'text') }, () => '--text');
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.privacyAnswer, { params: { folio }, body })));
    },
  },
];
