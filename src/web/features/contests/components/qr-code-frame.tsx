import { Download } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';

/** The code as an image (a placeholder until it is made), the link it opens, its download. */
export function QrCodeFrame({
  url,
  title,
  source,
}: {
  url: string;
  title: string;
  source: string | null;
}) {
  return (
    <div className="grid justify-items-center gap-4">
      {source ? (
        <img
          src={source}
          alt={`QR code linking to ${url}`}
          className="size-64 rounded-lg border border-border bg-white"
        />
      ) : (
        <div className="size-64 animate-pulse rounded-lg bg-muted" />
      )}
      <p className="break-all text-center text-sm text-muted-foreground">{url}</p>
      <Button asChild disabled={!source}>
        <a href={source ?? undefined} download={`${title}-qr.svg`}>
          <Download aria-hidden />
          Download for print
        </a>
      </Button>
    </div>
  );
}
