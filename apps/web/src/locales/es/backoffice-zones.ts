import type { backofficeZonesEn } from '../en/backoffice-zones';

/** Cómo nombra el back office la zona horaria de sus horas (docs/decisions/235). */
export const backofficeZonesEs: Record<keyof typeof backofficeZonesEn, string> = { MX: 'hora de la Ciudad de México', IN: 'hora de la India, IST', UTC: 'UTC' };
