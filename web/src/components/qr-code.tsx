import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `value` (a join or rejoin link) as an image, drawn in the browser. */
export function QrCode({ value, size = 200, label }: { value: string; size?: number; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { width: size, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [value, size]);
  return src ? <img className="qr" src={src} width={size} height={size} alt={label} /> : <div className="qr" style={{ width: size, height: size }} />;
}
