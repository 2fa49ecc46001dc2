import type { z } from 'zod';

export type CommandContext = { serverUrl: string; token: string; print: (line: string) => void };

export type Command = {
  /** The words that name the command, e.g. ['session', 'create']. */
  words: string[];
  usage: string;
  summary: string;
  run: (context: CommandContext, options: Record<string, string[]>, positionals: string[]) => Promise<void>;
};

export class UsageError extends Error {
  override name = 'UsageError';
}

export function single(options: Record<string, string[]>, name: string): string | undefined {
  const values = options[name];
  if (values && values.length > 1) throw new UsageError(`--${name} given more than once`);
  return values?.[0];
}

/** Parses command options with a shared schema; the first problem names the option at fault. */
export function parsed<T extends z.ZodType>(schema: T, value: unknown, option: (field: string) => string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new UsageError(`${option(String(issue?.path[0] ?? ''))}: ${issue?.message ?? 'invalid'}`);
}
