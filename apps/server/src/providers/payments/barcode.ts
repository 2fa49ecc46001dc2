import bwipjs from 'bwip-js/node';

const svgDataUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** A Code 128 barcode of the reference as an SVG data URI, for a store's till scanner. */
export function barcodeDataUri(text: string): string {
  return svgDataUri(bwipjs.toSVG({ bcid: 'code128', text, height: 12, includetext: false, paddingwidth: 4, paddingheight: 4 }));
}

/**
 * A QR code of a UPI payment link as an SVG data URI, drawn here so that the page shows it from
 * its own answer, within its content-security policy (docs/decisions/131).
 */
export function qrCodeDataUri(text: string): string {
  return svgDataUri(bwipjs.toSVG({ bcid: 'qrcode', text, paddingwidth: 4, paddingheight: 4 }));
}
