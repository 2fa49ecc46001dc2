import type { Catalogue } from './en';
import { siteEs } from './es/site';
import { promotionEs } from './es/promotion';
import { complaintsEs } from './es/complaints';
import { loanAgreementEs } from './es/loan-agreement';
import { loanConfirmEs } from './es/loan-confirm';
import { loanDetailsEs } from './es/loan-details';
import { repaymentEs } from './es/repayment';
import { delayEs } from './es/delay';
import { paymentsEs } from './es/payments';
import { paymentChannelsEs } from './es/payment-channels';
import { cardRepaymentEs } from './es/card-repayment';

/** Spanish catalogue; typed against the English keys so none can go missing. */
export const es: Catalogue = {
  ...loanConfirmEs,
  ...loanDetailsEs,
  ...repaymentEs,
  ...paymentsEs,
  ...paymentChannelsEs,
  ...loanAgreementEs,
  'brand.name': 'Lend',
  'brand.logoAlt': 'Logotipo de {brand}',

  'common.loading': 'Cargando…',
  'common.close': 'Cerrar',
  'common.copy': 'Copiar',
  'common.copied': 'Copiado',
  'common.copyFailed': 'No se pudo copiar. Cópielo manualmente.',
  'common.secondsLeft': '{seconds} s',
  'common.notifications': 'Notificaciones',

  'errors.title': 'Algo salió mal',
  'errors.body': 'Vuelva a cargar la página o inténtelo más tarde.',
  'errors.network': 'Error de red. Revise su conexión e inténtelo de nuevo.',

  'notFound.title': 'Página no encontrada',
  'notFound.body': 'La página que busca no existe o se ha movido.',

  'aboutUs.title': 'Sobre nosotros',
  'aboutUs.welcome': 'Bienvenido a {brand}',
  'aboutUs.body1':
    '{brand} ofrece préstamos en efectivo a corto plazo a través de su aplicación móvil. Usted solicita, confirma y paga en la aplicación, y ve el monto, el plazo y cada cargo antes de confirmar.',
  'aboutUs.body2': 'Si tiene alguna pregunta, nuestro equipo de atención al cliente está listo para ayudarle.',

  'loginFailure.title': 'Error al iniciar sesión',
  'loginFailure.word': 'Fracaso',
  'loginFailure.body': 'Le ofrecemos servicios profesionales y el pago de su préstamo.',

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

  'preview.title': 'Vista previa para desarrolladores',
  'preview.fields': 'Parámetros',
  'preview.pages': 'Abrir una página',
  'preview.device': 'Pruebas del dispositivo',
  'preview.loadFailed': 'No se pudieron cargar los valores predeterminados; los campos parten de la dirección.',
  'preview.field.appVersion': 'Versión de la app',
  'preview.field.deviceName': 'Nombre del dispositivo',
  'preview.field.deviceId': 'ID del dispositivo',
  'preview.field.osVersion': 'Versión del sistema',
  'preview.field.sessionId': 'ID de sesión',
  'preview.field.advertisingId': 'ID de publicidad',
  'preview.field.productId': 'ID del producto',
  'preview.field.orderId': 'ID del pedido',
  'preview.field.userId': 'ID de usuario',
  'preview.field.language': 'Idioma',
  'preview.language.english': 'Inglés (1)',
  'preview.language.spanish': 'Español (2)',
  'preview.link.loanConfirm': 'Confirmar préstamo',
  'preview.link.loanDetails': 'Detalles del préstamo',
  'preview.link.repayment': 'Pago',
  'preview.link.delay': 'Prórroga',
  'preview.link.bindBank': 'Vincular tarjeta bancaria',
  'preview.link.aboutUs': 'Sobre nosotros',
  'preview.link.complaint': 'Queja',
  'preview.link.customerService': 'Atención al cliente',
  'preview.link.privacyPolicy': 'Política de privacidad',
  'preview.link.repaymentInstruction': 'Instrucciones de pago',
  'preview.photo': 'Foto',
  'preview.choosePhoto': 'Elegir una foto',
  'preview.noPhoto': 'Ninguna foto elegida',
  'preview.photoPreview': 'Vista previa de la foto elegida',
  'preview.contactName': 'Nombre del contacto',
  'preview.location': 'Obtener ubicación',
  'preview.locating': 'Buscando ubicación…',
  'preview.locationResult': 'Latitud {latitude}, longitud {longitude}',
  'preview.locationDenied': 'Se denegó el permiso de ubicación.',
  'preview.locationUnavailable': 'La ubicación no está disponible.',
  'preview.locationTimeout': 'Se agotó el tiempo para obtener la ubicación.',
  'preview.locationUnsupported': 'Este dispositivo no puede compartir su ubicación.',

  ...siteEs,
  ...promotionEs,
  ...complaintsEs,
  ...delayEs,
  ...cardRepaymentEs,
};
