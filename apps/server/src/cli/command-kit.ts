import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createOperatorClient, OperatorCallError, pageQuerySchema, type OperatorClient } from '@lend/contracts';
import type { z } from 'zod';
import type { Database } from '../db/client';

export type CommandContext = {
  serverUrl: string;
  token: string;
  print: (line: string) => void;
  /** A remark for the person at the terminal (standard error), kept out of the output a script reads. */
  note?: (line: string) => void;
  /** The server's own database, for a command that works on it directly (`offline`). */
  database?: () => Promise<Database>;
};

export type Command = {
  /** The words that name the command, e.g. ['session', 'create']. */
  words: string[];
  usage: string;
  summary: string;
  /** Works on the database itself, with no server or token: what must happen before anyone can sign in. */
  offline?: true;
  run: (context: CommandContext, options: Record<string, string[]>, positionals: string[]) => Promise<void>;
};

export class UsageError extends Error {
  override name = 'UsageError';
}

/** A command that could not do its work for a reason of its own (not a refusal of the operator API): its message is the line printed. */
export class CommandError extends Error {
  override name = 'CommandError';
}

/** No answer within this long is a failure, not a wait at the terminal. */
const CALL_TIMEOUT_MS = 30_000;

/** The operator API of the context's server, called with its token (docs/decisions/186). */
export function operatorApi(context: Pick<CommandContext, 'serverUrl' | 'token'>): OperatorClient<FormData> {
  const { serverUrl } = context;
  return createOperatorClient<FormData>({
    baseUrl: serverUrl,
    fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) }),
    auth: { bearer: context.token },
    failureMessage: ({ status, cause }) =>
      status === 0
        ? `Cannot reach the server at ${serverUrl}: ${cause instanceof Error ? cause.message : String(cause)}. Is it running (npm start)? Set SERVER_URL otherwise.`
        : `Unexpected answer from ${serverUrl} (HTTP ${status})`,
  });
}

/** The line the terminal shows for a failed command: a refusal with its code, anything else as it is. */
export function failureLine(error: CommandError | OperatorCallError): string {
  return error instanceof OperatorCallError && error.code !== null ? `${error.message} (code ${error.code})` : error.message;
}

export function single(options: Record<string, string[]>, name: string): string | undefined {
  const values = options[name];
  if (values && values.length > 1) throw new UsageError(`--${name} given more than once`);
  return values?.[0];
}

/** `--limit` and `--cursor` as query parameters of a paged operator list. */
export function pageParams(options: Record<string, string[]>): Record<string, string> {
  const page = parsed(pageQuerySchema, { limit: single(options, 'limit'), cursor: single(options, 'cursor') }, (field) => `--${field || 'limit'}`);
  return { limit: String(page.limit), ...(page.cursor ? { cursor: page.cursor } : {}) };
}

/** The page's items, one JSON line each, oldest first when `reverse`; where the next page starts goes to the terminal. */
export function printPageLines(context: CommandContext, page: unknown, reverse = false): void {
  const { items, nextCursor } = (page ?? {}) as { items?: unknown; nextCursor?: unknown };
  const list = Array.isArray(items) ? [...items] : [];
  for (const item of reverse ? list.reverse() : list) context.print(JSON.stringify(item));
  if (typeof nextCursor === 'string') context.note?.(`more: add --cursor ${nextCursor}`);
}

/** Parses command options with a shared schema; the first problem names the option at fault. */
export function parsed<T extends z.ZodType>(schema: T, value: unknown, option: (field: string) => string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new UsageError(`${option(String(issue?.path[0] ?? ''))}: ${issue?.message ?? 'invalid'}`);
}

/** A JSON file's contents checked here, so a mistake names its field before anything is sent. */
export function checkedFile<S extends z.ZodType>(schema: S, file: unknown): z.output<S> {
  const parsed = schema.safeParse(file);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`--file: ${issue?.path.join('.') || 'file'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

export function readJsonFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(resolve(process.cwd(), path), 'utf8');
  } catch (error) {
    throw new UsageError(`--file: cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError(`--file: ${path} is not JSON`);
  }
}

/** An option the command cannot run without. */
export function required(options: Record<string, string[]>, name: string, hint: string): string {
  const value = single(options, name);
  if (!value) throw new UsageError(`--${name} ${hint} is required`);
  return value;
}
