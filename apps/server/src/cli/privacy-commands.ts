import { ARCO_FOLIO_PATTERN, operatorArcoAnswerBodySchema, operatorArcoListQuerySchema, PrivacyOperatorPath } from '@lend/contracts';
import { callOperator } from './operator-client';
import { pageParams, parsed, single, UsageError, type Command } from './command-kit';

export const PRIVACY_COMMANDS: Command[] = [
  {
    words: ['privacy', 'list'],
    usage: 'privacy list [--status open|answered] [--limit <1-200>] [--cursor <c>]',
    summary: 'ARCO requests (access, rectification, cancellation, opposition), nearest answer date first, a page at a time; prints {"items":[…],"nextCursor"}',
    run: async (context, options) => {
      const status = single(options, 'status');
      if (status !== undefined) parsed(operatorArcoListQuerySchema, { status }, () => '--status');
      const query = new URLSearchParams({ ...(status ? { status } : {}), ...pageParams(options) });
      context.print(JSON.stringify(await callOperator(context.serverUrl, context.token, 'GET', `${PrivacyOperatorPath.requests}?${query}`)));
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
      const path = PrivacyOperatorPath.answer.replace(':folio', folio);
      context.print(JSON.stringify(await callOperator(context.serverUrl, context.token, 'POST', path, body)));
    },
  },
];
