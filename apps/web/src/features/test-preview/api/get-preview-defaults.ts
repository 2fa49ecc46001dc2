import { DEV_PREVIEW_DEFAULTS_PATH, type PreviewDefaults, type PreviewMarket } from '@lend/contracts';
import { HttpError } from '../../../lib/http/errors';
import { jsonRequest } from '../../../lib/http/json-client';

export type PreviewDefaultsResult = { status: 'ok'; defaults: PreviewDefaults } | { status: 'not-found' };

/**
 * The values of the market's demo borrower. Plain JSON, not an envelope; a 404 means the server is
 * not in demo mode and has no preview.
 */
export async function getPreviewDefaults(market: PreviewMarket, signal?: AbortSignal): Promise<PreviewDefaultsResult> {
  try {
    const body = await jsonRequest(`${DEV_PREVIEW_DEFAULTS_PATH}?market=${market}`, undefined, signal ? { signal } : {});
    return { status: 'ok', defaults: body as PreviewDefaults };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return { status: 'not-found' };
    throw error;
  }
}
