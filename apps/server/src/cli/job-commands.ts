import { jobRunListQuerySchema, OperatorRoutes } from '@lend/contracts';
import { operatorApi, pageParams, parsed, printPageLines, single, type Command } from './command-kit';

export const JOB_COMMANDS: Command[] = [
  {
    words: ['job', 'list'],
    usage: 'job list [--job <name>] [--limit <1-200>] [--cursor <c>]',
    summary: "Recent runs of the scheduled jobs (one job's with --job), newest first, one JSON line each: state, attempts, server, duration, last error",
    run: async (context, options) => {
      const { job } = parsed(jobRunListQuerySchema, { job: single(options, 'job') }, () => '--job');
      const query = { ...(job === undefined ? {} : { job }), ...pageParams(options) };
      printPageLines(context, await operatorApi(context).call(OperatorRoutes.jobRuns, { query }));
    },
  },
];
