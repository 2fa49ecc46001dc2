import type { FastifyRequest } from 'fastify';

/** A cookie of the request by name; undefined when it is absent or empty. */
export function cookieOf(request: FastifyRequest, wanted: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === wanted) return value.join('=') || undefined;
  }
  return undefined;
}

export type CookieOptions = {
  /** Where the browser sends it back. */
  path: string;
  /** Seconds it lives; 0 removes it. */
  maxAgeSeconds: number;
  /** Only over HTTPS: in production, where every address is. */
  secure: boolean;
};

/**
 * A `Set-Cookie` value the page's script cannot read (HttpOnly) and no other site's page can make
 * the browser send (SameSite=Strict); a null value removes the cookie.
 */
export function privateCookie(name: string, value: string | null, options: CookieOptions): string {
  const parts = [`${name}=${value ?? ''}`, `Path=${options.path}`, 'HttpOnly', 'SameSite=Strict', `Max-Age=${value === null ? 0 : Math.max(0, Math.floor(options.maxAgeSeconds))}`];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
