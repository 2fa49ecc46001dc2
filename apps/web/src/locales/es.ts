import type { Catalogue } from './en';
import { loanAgreementEs } from './es/loan-agreement';
import { loanConfirmEs } from './es/loan-confirm';
import { loanDetailsEs } from './es/loan-details';

/** Spanish catalogue; typed against the English keys so none can go missing. */
export const es: Catalogue = {
  ...loanConfirmEs,
  ...loanDetailsEs,
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

  'site.navLabel': 'Sitio',
  'site.nav.home': 'Inicio',
  'site.nav.about': 'Nosotros',
  'site.nav.user': 'Acuerdo de usuario',
  'site.nav.contact': 'Contacto',
  'site.nav.policy': 'Privacidad',
  'site.nav.loan': 'Términos del préstamo',
  'site.home.title': 'Préstamos en efectivo a corto plazo en una app',
  'site.home.body1':
    '{brand} ofrece préstamos en efectivo a corto plazo a través de su aplicación móvil. Usted solicita en la aplicación, ve el monto, el plazo y cada cargo antes de confirmar, y paga desde la aplicación.',
  'site.home.body2': 'Los préstamos están sujetos a aprobación. Lea los términos del préstamo antes de solicitarlo.',
  'site.about.title': 'Sobre nosotros',
  'site.about.body1':
    '{brand} es una empresa financiera que ofrece préstamos en efectivo a corto plazo a través de su aplicación.',
  'site.about.body2':
    'Mostramos cada cargo antes de que usted pida prestado, y nuestra atención al cliente le ayuda en cada paso de su préstamo.',
  'site.user.title': 'Acuerdo de usuario',
  'site.user.body1':
    'Al usar la aplicación {brand} usted acepta dar información verdadera y pagar sus préstamos en las fechas acordadas.',
  'site.user.body2': 'Cada préstamo tiene su propio contrato, que se muestra en la aplicación antes de confirmarlo.',
  'site.contact.title': 'Contacto',
  'site.contact.body1':
    'Puede comunicarse con atención al cliente desde la pantalla Atención al cliente de la aplicación, por teléfono, WhatsApp o correo electrónico.',
  'site.contact.body2': 'Tenga a mano su número de pedido para que podamos ayudarle más rápido.',
  'site.policy.title': 'Privacidad',
  'site.policy.body1':
    'Usamos sus datos personales para evaluar, otorgar y cobrar sus préstamos, y para cumplir nuestras obligaciones legales.',
  'site.policy.body2':
    'Puede pedir ver, corregir o eliminar sus datos a través de atención al cliente. El aviso de privacidad completo está en la aplicación.',
  'site.loan.title': 'Términos del préstamo',
  'site.loan.body1':
    'Cada préstamo muestra en la aplicación su monto, plazo, fechas de pago y cada cargo antes de que usted lo confirme.',
  'site.loan.body2':
    'Puede pedir prorrogar un pago hasta {days} días desde la aplicación. El pago tardío genera los cargos indicados en su contrato.',
  'site.footer': '© {year} {brand}. Todos los derechos reservados.',
};
