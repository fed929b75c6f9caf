import { QrCode as QrCodeIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { publicContestUrl } from '../lib/copy-contest-link.ts';
import { QrCodeFrame } from './qr-code-frame.tsx';

/**
 * The encoder loads with the opened dialog's code, in the code's chunk: one that imports React
 * from the main script, which is what lets the bundler keep its runtime helpers in that script
 * instead of a file of their own on every page (docs/decisions/022-entry-page-bytes.md).
 */
const QrCode = lazy(() => import('./qr-code.tsx').then((module) => ({ default: module.QrCode })));

/** A QR code of the public link, made in the browser: a picture to download, a poster to print. */
export function QrCodeDialog({
  contest,
}: {
  contest: { id: string; slug: string | null; title: string };
}) {
  const url = publicContestUrl(contest);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <QrCodeIcon aria-hidden />
          QR code
        </Button>
      </DialogTrigger>
      <DialogContent
        title="QR code for your contest"
        description="Print it or show it on screen: scanning opens the entry page."
      >
        <Suspense fallback={<QrCodeFrame url={url} title={contest.title} images={null} />}>
          <QrCode url={url} title={contest.title} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
