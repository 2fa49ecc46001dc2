import { useEffect, useState } from 'react';

/** Whether an ISO instant has passed; turns true by itself when it passes while the page is open. */
export function useExpired(expiresAt: string | undefined): boolean {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  const [expired, setExpired] = useState(() => at <= Date.now());
  useEffect(() => {
    if (Number.isNaN(at)) return setExpired(false);
    const left = at - Date.now();
    setExpired(left <= 0);
    if (left <= 0) return;
    const timer = setTimeout(() => setExpired(true), left);
    return () => clearTimeout(timer);
  }, [at]);
  return expired;
}
