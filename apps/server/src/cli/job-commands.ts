import { jobRunListQuerySchema, OperatorPath } from '@lend/contracts';
import { pageParams, parsed, printPageLines, single, type Command } from './command-kit';
import { callOperator } from './operator-client';

export const JOB_COMMANDS: Command[] = [
  {
    words: ['job', 'list'],
    usage: 'job list [--job <name>] [--limit <1-200>] [--cursor <c>]',
    summary: "Recent runs of the scheduled jobs (one job's with --job), newest first, one JSON line each: state, attempts, server, duration, last error",
    run: async (context, options) => {
      const { job } = parsed(jobRunListQuerySchema, { job: single(options, 'job') }, () => '--job');
      const query = new URLSearchParams({ ...(job === undefined ? {} : { job }), ...pageParams(options) });
      printPageLines(context, await callOperator(context.serverUrl, context.token, 'GET', `${OperatorPath.jobRuns}?${query}`));
    },
  },
];
