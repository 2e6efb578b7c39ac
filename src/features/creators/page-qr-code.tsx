import { QRCodeSVG } from 'qrcode.react';

/**
 * The pay page's link as a QR code (issue 23 item 2), for a fan to scan from a screen or a printed card. Its own lazy
 * chunk, as the USDT deposit code is: qrcode.react is not in the pay page's first download. SVG, sharp at any size;
 * the link itself is written beside it.
 */
export default function PageQrCode({ url, label }: { url: string; label: string }) {
  return <QRCodeSVG value={url} size={144} marginSize={2} level="M" role="img" aria-label={label} />;
}
