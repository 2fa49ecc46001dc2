import { DEV_PREVIEW_DEFAULTS_PATH, type PreviewDefaults } from '@lend/contracts';
import { HttpError } from '../../../lib/http/errors';
import { jsonRequest } from '../../../lib/http/json-client';

export type PreviewDefaultsResult = { status: 'ok'; defaults: PreviewDefaults } | { status: 'not-found' };

/** Plain JSON, not an envelope; a 404 means the server is not in demo mode and has no preview. */
export async function getPreviewDefaults(signal?: AbortSignal): Promise<PreviewDefaultsResult> {
  try {
    const body = await jsonRequest(DEV_PREVIEW_DEFAULTS_PATH, undefined, signal ? { signal } : {});
    return { status: 'ok', defaults: body as PreviewDefaults };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return { status: 'not-found' };
    throw error;
  }
}
