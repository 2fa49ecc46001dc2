import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What one handler gets: the parsed address and JSON body, and the stand-in's clock in Unix seconds. */
export type StandInRequest = { method: string; url: URL; body: Record<string, unknown>; headers: IncomingMessage['headers']; now: number };
export type Answer = { status: number; body: unknown };

/** An id as RazorpayX makes them: a prefix and fourteen letters and digits. */
export function rzpId(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('base64').replace(/[^A-Za-z0-9]/g, '').padEnd(14, '0').slice(0, 14)}`;
}

/** Razorpay's documented error body; `BAD_REQUEST_ERROR` with `input_validation_failed` for a field. */
export function refusal(status: number, description: string, field: string | null = null, code = 'BAD_REQUEST_ERROR', reason = 'input_validation_failed'): Answer {
  return { status, body: { error: { code, description, source: 'business', step: null, reason, metadata: {}, field } } };
}

export function send(response: ServerResponse, { status, body }: Answer): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export const isText = (value: unknown, min = 1, max = 255): value is string => typeof value === 'string' && value.length >= min && value.length <= max;

/** A page of a list as RazorpayX answers it: `count` (at most 100, ten unless asked) after `skip`, newest first. */
export function page<T extends { created_at: number }>(items: T[], url: URL): Answer {
  const count = Number(url.searchParams.get('count') ?? '10');
  const skip = Number(url.searchParams.get('skip') ?? '0');
  if (!Number.isInteger(count) || count < 1 || count > 100) return refusal(400, 'The count must be between 1 and 100.', 'count');
  if (!Number.isInteger(skip) || skip < 0) return refusal(400, 'The skip must be at least 0.', 'skip');
  const listed = items.map((item, order) => ({ item, order })).sort((a, b) => b.item.created_at - a.item.created_at || b.order - a.order).map(({ item }) => item).slice(skip, skip + count);
  return { status: 200, body: { entity: 'collection', count: listed.length, items: listed } };
}
