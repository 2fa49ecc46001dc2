import { drawingSVG, qrcode } from 'bwip-js/browser';

/** The QR code of `text` as an SVG data address: drawn here, so nothing leaves the browser. */
export function qrCodeSvg(text: string): string {
  const svg = qrcode({ bcid: 'qrcode', text, scale: 4, paddingwidth: 2, paddingheight: 2 }, drawingSVG());
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Loaded on its own, by the enrolment step only: the encoder is the back office's largest part. */
export default function QrCode({ text, alt }: { text: string; alt: string }) {
  return <img className="bo-qr" src={qrCodeSvg(text)} alt={alt} width={200} height={200} />;
}
