import { useState } from 'react';
import { useT, type MessageKey } from '../../../lib/i18n/borrower';

type LocationState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'found'; latitude: string; longitude: string }
  | { status: 'failed'; reason: MessageKey };

const LOCATION_TIMEOUT_MS = 15_000;

export function locationErrorKey(code: number): MessageKey {
  // GeolocationPositionError codes: 1 permission denied, 2 unavailable, 3 timeout.
  if (code === 1) return 'preview.locationDenied';
  if (code === 3) return 'preview.locationTimeout';
  return 'preview.locationUnavailable';
}

/** Checks that the web view passes location permission through to the page. */
export function LocationCheck() {
  const t = useT();
  const [state, setState] = useState<LocationState>({ status: 'idle' });

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'failed', reason: 'preview.locationUnsupported' });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setState({ status: 'found', latitude: coords.latitude.toFixed(5), longitude: coords.longitude.toFixed(5) }),
      (error) => setState({ status: 'failed', reason: locationErrorKey(error.code) }),
      { timeout: LOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  };

  return (
    <div className="field">
      <button type="button" className="button button--ghost" onClick={locate} disabled={state.status === 'locating'}>
        {t('preview.location')}
      </button>
      <p className="preview__location" role="status">
        {state.status === 'locating' && t('preview.locating')}
        {state.status === 'found' &&
          t('preview.locationResult', { latitude: state.latitude, longitude: state.longitude })}
        {state.status === 'failed' && t(state.reason)}
      </p>
    </div>
  );
}
