import type { WebhookErrorCode } from '@lend/contracts';

/** A delivery refused before any money moved; the route answers the provider with its code. */
export class WebhookRefusal extends Error {
  override name = 'WebhookRefusal';
  constructor(readonly code: WebhookErrorCode) {
    super(`webhook refused: ${code}`);
  }
}
