import type { customerServiceEn } from '../en/customer-service';

export const customerServiceEs: Record<keyof typeof customerServiceEn, string> = {
  'service.title': 'Atención al cliente',
  'service.intro': 'Estamos para ayudarle. Elija cómo desea contactarnos.',
  'service.loading': 'Cargando contactos…',
  'service.unavailable': 'Los contactos no están disponibles en este momento.',
  'service.telephone': 'Teléfono',
  'service.whatsapp': 'WhatsApp',
  'service.email': 'Correo electrónico',
  'service.call': 'Llamar',
  'service.callLabel': 'Llamar al {value}',
  'service.chat': 'Chatear',
  'service.chatLabel': 'Chatear por WhatsApp con {value}',
  'service.write': 'Escribir',
  'service.writeLabel': 'Escribir un correo a {value}',
};
