import { Download, QrCode } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { publicContestUrl } from '../lib/copy-contest-link.ts';

/** A printable QR code of the public link, made in the browser (for posters at the gym). */
export function QrCodeDialog({ contest }: { contest: { id: string; title: string } }) {
  const [open, setOpen] = useState(false);
  const [svg, setSvg] = useState<string | null>(null);
  const url = publicContestUrl(contest.id);

  useEffect(() => {
    if (!open || svg) return;
    let cancelled = false;
    void import('qrcode').then(async ({ toString }) => {
      const markup = await toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      if (!cancelled) setSvg(markup);
    });
    return () => {
      cancelled = true;
    };
  }, [open, svg, url]);

  const source = svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <QrCode aria-hidden />
          QR code
        </Button>
      </DialogTrigger>
      <DialogContent
        title="QR code for your contest"
        description="Print it or show it on screen: scanning opens the entry page."
      >
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
            <a href={source ?? undefined} download={`${contest.title}-qr.svg`}>
              <Download aria-hidden />
              Download SVG
            </a>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
