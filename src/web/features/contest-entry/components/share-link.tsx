import { Check, Copy, Mail, MessageCircle, Share2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useIsHydrated } from '../lib/use-is-hydrated.ts';

/** Long enough to read "Copied", short enough that a second copy shows it again. */
const COPIED_FEEDBACK_MS = 2000;

type CopyState = 'idle' | 'copied' | 'by-hand';

/** Only where the browser has a share sheet (phones, some desktops); elsewhere Copy alone. */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * The hooks of public/share-link.js, which gives Copy and Share their work on the confirmation
 * page the server sends without the app's script (docs/product.md#referrals).
 */
export const SHARE_LINK_HOOKS = {
  input: 'data-share-url',
  copy: 'data-share-copy',
  share: 'data-share-native',
  feedback: 'data-share-feedback',
} as const;

const linkClassName =
  'inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-border px-3 text-sm font-semibold text-primary transition-colors hover:bg-primary-soft';

/**
 * An entrant's personal link: readable, copied with one tap, or handed to the phone's share sheet.
 * When the clipboard refuses (an insecure page, a denied permission), the link is selected so
 * the entrant can copy it by hand.
 */
export function ShareLink({
  url,
  shareTitle,
  shareText,
  className,
}: {
  url: string;
  /** What the share sheet shows above the link: the contest's title. */
  shareTitle: string;
  shareText: string;
  className?: string;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<CopyState>('idle');
  // Known in the browser only: the server's markup (and hydration) has no share sheet.
  const hasShareSheet = useIsHydrated() && canShare();
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const selectLink = () => {
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  const copy = async () => {
    clearTimeout(resetTimer.current);
    try {
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
      resetTimer.current = setTimeout(() => setCopyState('idle'), COPIED_FEEDBACK_MS);
    } catch {
      selectLink();
      setCopyState('by-hand');
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: shareTitle, text: shareText, url });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; any other refusal falls back to Copy.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copy();
    }
  };

  return (
    <div className={className}>
      <label htmlFor={inputId} className="text-sm font-semibold">
        Your personal link
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          {...{ [SHARE_LINK_HOOKS.input]: '' }}
          id={inputId}
          ref={inputRef}
          type="text"
          readOnly
          value={url}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className="h-11 w-full min-w-0 rounded-lg border border-input bg-card px-3 font-mono text-sm text-foreground focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30 sm:flex-1"
        />
        <div className="flex gap-2">
          <Button
            {...{ [SHARE_LINK_HOOKS.copy]: '' }}
            type="button"
            className="min-w-28 flex-1 sm:flex-none"
            aria-label={copyState === 'copied' ? 'Link copied' : 'Copy your link'}
            onClick={() => void copy()}
          >
            {copyState === 'copied' ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copyState === 'copied' ? 'Copied' : 'Copy'}
          </Button>
          <Button
            {...{ [SHARE_LINK_HOOKS.share]: '' }}
            type="button"
            variant="outline"
            className="min-w-28 flex-1 sm:flex-none"
            hidden={!hasShareSheet}
            onClick={() => void share()}
          >
            <Share2 aria-hidden />
            Share
          </Button>
        </div>
      </div>
      {/* Plain links: they work in every browser, with or without a script. */}
      <div className="mt-2 flex flex-wrap gap-2">
        <a
          className={linkClassName}
          href={`https://wa.me/?text=${encodeURIComponent(`${shareText} ${url}`)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          <MessageCircle aria-hidden className="size-4" />
          WhatsApp
        </a>
        <a
          className={linkClassName}
          href={`mailto:?subject=${encodeURIComponent(shareTitle)}&body=${encodeURIComponent(`${shareText}\n\n${url}`)}`}
        >
          <Mail aria-hidden className="size-4" />
          E-mail
        </a>
      </div>
      {/* Always there, so screen readers hear it change; takes no room while empty. */}
      <p
        {...{ [SHARE_LINK_HOOKS.feedback]: '' }}
        aria-live="polite"
        className="mt-2 text-xs text-muted-foreground empty:mt-0"
      >
        {copyState === 'copied'
          ? 'Link copied: paste it into a chat, a post or an e-mail.'
          : copyState === 'by-hand'
            ? 'Your browser did not let us copy it: the link is selected, copy it with Ctrl+C (⌘C on a Mac) or a long press.'
            : ''}
      </p>
    </div>
  );
}
