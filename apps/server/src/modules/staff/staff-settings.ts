/** What the staff module takes from the configuration and the app. */
export type StaffDeps = {
  secretKey: Buffer;
  /** The cookie is sent over HTTPS only (production). */
  secureCookie: boolean;
  now: () => Date;
};
