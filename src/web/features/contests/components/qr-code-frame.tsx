import { Download, Printer } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { QrPoster } from './qr-poster.tsx';

/** The code as data URLs: the vector image (any print size) and the picture (PNG). */
export type QrImages = { svg: string; png: string };

/**
 * The code (a placeholder until it is made), the link it opens, its downloads and its poster.
 * The poster is printed from the browser: while the dialog is open, printing the page prints it.
 */
export function QrCodeFrame({
  url,
  title,
  images,
}: {
  url: string;
  title: string;
  images: QrImages | null;
}) {
  return (
    <div className="grid justify-items-center gap-4">
      {images ? (
        <img
          src={images.svg}
          alt={`QR code linking to ${url}`}
          className="size-64 rounded-lg border border-border bg-white"
        />
      ) : (
        <div className="size-64 animate-pulse rounded-lg bg-muted" />
      )}
      <p className="text-center text-sm [overflow-wrap:anywhere] text-muted-foreground">{url}</p>
      <div className="grid w-full gap-2 sm:grid-cols-2">
        <Button asChild disabled={!images}>
          <a href={images?.png} download={`${title}-qr.png`}>
            <Download aria-hidden />
            Download PNG
          </a>
        </Button>
        <Button variant="outline" disabled={!images} onClick={() => window.print()}>
          <Printer aria-hidden />
          Print poster
        </Button>
      </div>
      <Button asChild variant="ghost" size="sm" disabled={!images}>
        <a href={images?.svg} download={`${title}-qr.svg`}>
          Download for large prints
        </a>
      </Button>
      {images ? <QrPoster title={title} url={url} image={images.svg} /> : null}
    </div>
  );
}
