import { nativeBridge } from '../../lib/native-bridge';

declare global {
  interface Window {
    /** The tag-manager queue: a deployment's ad tag reads conversions from here (docs/decisions/056). */
    dataLayer?: Record<string, unknown>[];
  }
}

export const CONVERSION_EVENT = 'promotion_registration';

/**
 * Reports a registration to the campaign's ad network when the template names a tracking code:
 * to the native host when the landing runs in an app's web view, and to the page's tag-manager
 * queue, which an ad tag added by the deployment forwards.
 */
export function reportConversion(trackingCode: string, templateId: number): void {
  if (trackingCode === '') return;
  const data = { trackingCode, templateId };
  nativeBridge.confirmTrackingEvent(CONVERSION_EVENT, data);
  (window.dataLayer ??= []).push({ event: CONVERSION_EVENT, ...data });
}
