import type { commonEn } from '../en/common';

export const commonEs: Record<keyof typeof commonEn, string> = {
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

  'wayOn.label': 'Adónde ir ahora',
  'wayOn.loan': 'Volver a su préstamo',
  'wayOn.home': 'Ir al inicio de la aplicación',
  'wayOn.signIn': 'Iniciar sesión de nuevo',
  'wayOn.service': 'Atención al cliente',
};
