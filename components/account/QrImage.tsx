'use client';

import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** Draws `value` as a QR code image (qrcode package, in the browser). */
export function QrImage({ value, size, alt }: { value: string; size: number; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Twice the pixels for sharp edges on high-density screens.
    QRCode.toDataURL(value, { width: size * 2, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [value, size]);
  return src ? (
    // eslint-disable-next-line @next/next/no-img-element -- a data URL, nothing to optimise
    <img src={src} width={size} height={size} alt={alt} style={{ display: 'block' }} />
  ) : (
    <div style={{ width: size, height: size, background: '#f5f5f5' }} aria-label={alt} />
  );
}
