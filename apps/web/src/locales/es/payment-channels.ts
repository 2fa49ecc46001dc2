import type { paymentChannelsEn } from '../en/payment-channels';

export const paymentChannelsEs: Record<keyof typeof paymentChannelsEn, string> = {
  'channels.empty': 'Ningún lugar de pago acepta este monto en este momento. Comuníquese con atención al cliente.',
  'channels.open': 'Ver cómo pagar en este lugar',
  'channels.reference': 'Referencia',
  'channels.copyReference': 'Copiar la referencia {code}',
  'channels.clabe': 'Su CLABE',
  'channels.copyClabe': 'Copiar la CLABE {code}',
  'channels.account': 'Su número de cuenta',
  'channels.copyAccount': 'Copiar el número de cuenta {code}',
  'channels.barcode': 'Código de barras',
  'channels.showBarcode': 'Mostrar el código de barras de {place}',
  'channels.scanToPay': 'Escanee para pagar',
  'channels.barcodeAlt': 'Código de barras de la referencia {code}',
};
