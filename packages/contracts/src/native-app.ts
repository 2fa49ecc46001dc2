/**
 * The native app around the web view: the scheme URL opens one of
 * its own screens; `productId` added as a param opens that product's application.
 */
export const NativeApp = {
  productSchemeUrl: 'lend://app/product',
} as const;
