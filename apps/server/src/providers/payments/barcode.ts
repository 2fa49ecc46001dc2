import bwipjs from 'bwip-js/node';

/** A Code 128 barcode of the reference as an SVG data URI, for a store's till scanner. */
export function barcodeDataUri(text: string): string {
  const svg = bwipjs.toSVG({ bcid: 'code128', text, height: 12, includetext: false, paddingwidth: 4, paddingheight: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
