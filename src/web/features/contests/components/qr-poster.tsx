import { createPortal } from 'react-dom';

/** The link as people read it on a wall: no scheme, no trailing slash. */
function shortUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

/**
 * The printed poster: the contest's title large, the code large, the short link under it, and
 * nothing else. Hidden on screen; in print, the page's own content is hidden while it is there
 * (the print rule in src/web/styles.css), so it sits beside the app's root, outside the dialog.
 */
export function QrPoster({ title, url, image }: { title: string; url: string; image: string }) {
  return createPortal(
    <div
      data-print-poster
      className="hidden min-h-[90vh] flex-col items-center justify-center gap-10 bg-white p-8 text-center text-black print:flex"
    >
      <h1 className="text-5xl font-extrabold leading-tight [overflow-wrap:anywhere]">{title}</h1>
      <img src={image} alt={`QR code linking to ${url}`} className="aspect-square w-[70%]" />
      <p className="text-2xl font-semibold [overflow-wrap:anywhere]">{shortUrl(url)}</p>
    </div>,
    document.body,
  );
}
