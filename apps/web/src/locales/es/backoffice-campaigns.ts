import type { backofficeCampaignsEn } from '../en/backoffice-campaigns';

/** Textos en español de la sección Campañas del back office (docs/decisions/183). */
export const backofficeCampaignsEs: Record<keyof typeof backofficeCampaignsEn, string> = {
  'bo.nav.campaigns': 'Campañas',
  'bo.campaigns.template': 'Plantilla de promoción',
  'bo.campaigns.from': 'Primer día',
  'bo.campaigns.to': 'Último día',
  'bo.campaigns.show': 'Mostrar',
  'bo.campaigns.rangeHint': 'Días del calendario del mercado de la promoción, {days} como máximo a la vez.',
  'bo.campaigns.noTemplates': 'Aún no hay plantillas de promoción.',
  'bo.campaigns.heading': 'Embudo de «{name}» por día',
  'bo.campaigns.totals': 'En estos días: visitas {visits}, clics {clicks}, SMS enviados {smsSent}, registros {registrations} (días en {timeZone}).',
  'bo.campaigns.chartCaption': 'Visitas, clics, SMS enviados y registros por día. La tabla de abajo da todas las cifras de la gráfica.',
  'bo.campaigns.day': 'Día',
  'bo.campaigns.visits': 'Visitas',
  'bo.campaigns.clicks': 'Clics',
  'bo.campaigns.smsSent': 'SMS enviados',
  'bo.campaigns.registrations': 'Registros',
};
