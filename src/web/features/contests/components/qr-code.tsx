import { toString } from 'qrcode';
import { useEffect, useState } from 'react';
import { QrCodeFrame } from './qr-code-frame.tsx';

export function QrCode({ url, title }: { url: string; title: string }) {
  const [svg, setSvg] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((markup) => {
      if (!cancelled) setSvg(markup);
    });
    return () => {
      cancelled = true;
    };
  }, [url]);

  const source = svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : null;
  return <QrCodeFrame url={url} title={title} source={source} />;
}
