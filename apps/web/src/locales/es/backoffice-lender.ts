import type { backofficeLenderEn } from '../en/backoffice-lender';

/** Textos en español de los datos del otorgante por mercado (docs/decisions/230). */
export const backofficeLenderEs = {
  'bo.cfg.view.lender': 'Otorgante por mercado',
  'bo.cfg.lender.company': 'El otorgante en {market}',
  'bo.cfg.lender.contacts': 'Atención a clientes en {market}',
  'bo.cfg.lender.unset': 'Aún sin datos: a los clientes de {market} se les dice que el servicio no está disponible donde se muestran.',
  'bo.cfg.lender.phoneHint': 'Teléfonos en formato internacional, con {code}.',
  'bo.cfg.lender.name': 'Razón social',
  'bo.cfg.lender.email': 'Correo electrónico',
  'bo.cfg.lender.address': 'Domicilio',
  'bo.cfg.lender.cin': 'Registro de la empresa (CIN en India, RFC en México)',
  'bo.cfg.lender.nbfcNumber': 'Registro como otorgante (número NBFC del RBI en India, registro ante la CONDUSEF en México)',
  'bo.cfg.lender.site': 'Sitio web',
  'bo.cfg.lender.phone': 'Teléfono',
  'bo.cfg.lender.complaintsOfficer': 'Responsable de quejas (oficial de quejas en India, UNE en México)',
  'bo.cfg.lender.complaintsEmail': 'Correo para quejas',
  'bo.cfg.lender.complaintsPhone': 'Teléfono para quejas',
  'bo.cfg.lender.complaintsAddress': 'Domicilio para quejas',
  'bo.cfg.lender.whatsapp': 'WhatsApp',
  'bo.cfg.lender.telephone': 'Teléfono',
  'bo.cfg.lender.contactEmail': 'Correo electrónico',
  'bo.cfg.lender.companySaved': 'Se guardó el otorgante en {market}.',
  'bo.cfg.lender.contactsSaved': 'Se guardó la atención a clientes en {market}.',
} as const satisfies Record<keyof typeof backofficeLenderEn, string>;
