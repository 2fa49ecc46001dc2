export const paymentChannelsEn = {
  'channels.empty': 'No payment place takes this amount right now. Please contact customer service.',
  'channels.open': 'See how to pay at this place',
  'channels.reference': 'Reference',
  'channels.copyReference': 'Copy reference {code}',
  'channels.clabe': 'Your CLABE',
  'channels.copyClabe': 'Copy CLABE {code}',
  'channels.account': 'Your account number',
  'channels.copyAccount': 'Copy account number {code}',
  'channels.barcode': 'Barcode',
  'channels.showBarcode': 'Show barcode for {place}',
  'channels.scanToPay': 'Scan to pay',
  'channels.barcodeAlt': 'Barcode of reference {code}',
} as const satisfies Record<string, string>;
