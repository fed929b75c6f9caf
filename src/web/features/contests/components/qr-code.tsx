import { toDataURL, toString } from 'qrcode';
import { useEffect, useState } from 'react';
import { QrCodeFrame, type QrImages } from './qr-code-frame.tsx';

const QR_OPTIONS = { margin: 2, errorCorrectionLevel: 'M' } as const;
/** The picture's width: sharp on a printed A4 page and in a social post. */
const PNG_WIDTH_PX = 1200;

export function QrCode({ url, title }: { url: string; title: string }) {
  const [images, setImages] = useState<QrImages | null>(null);

  useEffect(() => {
    let cancelled = false;
    void Promise.all([
      toString(url, { ...QR_OPTIONS, type: 'svg' }),
      toDataURL(url, { ...QR_OPTIONS, type: 'image/png', width: PNG_WIDTH_PX }),
    ]).then(([svg, png]) => {
      if (cancelled) return;
      setImages({ svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, png });
    });
    return () => {
      cancelled = true;
    };
  }, [url]);

  return <QrCodeFrame url={url} title={title} images={images} />;
}
