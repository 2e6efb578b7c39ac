import { QRCodeSVG } from 'qrcode.react';

/**
 * The USDT deposit address as a QR code (its own lazy chunk: only the USDT step loads qrcode.react). SVG, so it
 * is sharp at any size; the address itself stays on the page as text for people who cannot scan.
 */
export default function UsdtQrCode({ address, label }: { address: string; label: string }) {
  return <QRCodeSVG value={address} size={176} marginSize={2} level="M" role="img" aria-label={label} />;
}
