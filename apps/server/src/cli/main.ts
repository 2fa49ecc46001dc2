import { isAbsolute, resolve } from 'node:path';
import { OperatorCallError } from '@lend/contracts';
import { readOperatorToken } from '../operator-token';
import { CommandError, failureLine } from './command-kit';
import { COMMANDS, UsageError, type Command } from './commands';
import { parseArgs } from './parse-args';

function helpText(): string {
  const lines = [
    'Operator command line: calls the operator API of a running server.',
    '',
    'Usage: npm run cli -- <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.usage}\n      ${c.summary}`),
    '  help',
    '      Show this list',
    '',
    'Environment: SERVER_URL (default http://127.0.0.1:$PORT, PORT default 3000),',
    '  OPERATOR_TOKEN (default: the token file in DATA_DIR, default ./data).',
  ];
  return lines.join('\n');
}

function findCommand(positionals: string[]): { command: Command; rest: string[] } | undefined {
  for (const command of COMMANDS) {
    if (command.words.every((word, i) => positionals[i] === word)) {
      return { command, rest: positionals.slice(command.words.length) };
    }
  }
  return undefined;
}

async function main(argv: string[]): Promise<number> {
  const { positionals, options } = parseArgs(argv);
  if (positionals.length === 0 || positionals[0] === 'help' || options.help) {
    process.stdout.write(`${helpText()}\n`);
    return 0;
  }
  const found = findCommand(positionals);
  if (!found) {
    process.stderr.write(`Unknown command: ${positionals.join(' ')}\n\n${helpText()}\n`);
    return 2;
  }
  const port = process.env.PORT || '3000';
  const serverUrl = (process.env.SERVER_URL || `http://127.0.0.1:${port}`).replace(/\/$/, '');
  const dataDirSetting = process.env.DATA_DIR || './data';
  const dataDir = isAbsolute(dataDirSetting) ? dataDirSetting : resolve(process.cwd(), dataDirSetting);
  const token = readOperatorToken(process.env.OPERATOR_TOKEN || undefined, dataDir) ?? (found.command.offline ? '' : undefined);
  if (token === undefined) {
    process.stderr.write(`No operator token: set OPERATOR_TOKEN, or start the server once so it writes ${dataDir}/operator-token\n`);
    return 1;
  }
  try {
    const context = {
      serverUrl,
      token,
      print: (line: string) => process.stdout.write(`${line}\n`),
      note: (line: string) => process.stderr.write(`${line}\n`),
      // The server's own settings name its database; the embedded one opens only while no server holds it.
      // Loaded only by the commands that open it: the others start without the database drivers.
      database: async () => {
        const [{ loadConfig, migrationSettingsOf }, { openDatabase }] = await Promise.all([import('../config'), import('../db/client')]);
        const config = loadConfig();
        return openDatabase(config.database, { migrationSettings: migrationSettingsOf(config) });
      },
    };
    await found.command.run(context, options, found.rest);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\nUsage: npm run cli -- ${found.command.usage}\n`);
      return 2;
    }
    if (error instanceof OperatorCallError || error instanceof CommandError) {
      process.stderr.write(`${failureLine(error)}\n`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
