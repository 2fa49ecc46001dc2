/** How the back office names the time zone its times are in (docs/decisions/235): small, so read with every screen. */
export const backofficeZonesEn = { MX: 'Mexico City time', IN: 'IST', UTC: 'UTC' } as const;
