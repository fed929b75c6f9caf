/**
 * Cloudflare Turnstile on the entry form (docs/product.md#trusted-leads). Imported only when the
 * operator configured a site key: without one, neither this module nor Cloudflare's script loads.
 */
import { CAPTCHA_ACTION } from '#shared/contracts/entries.ts';

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

type Turnstile = {
  render(
    container: HTMLElement,
    options: { sitekey: string; action: string; size: 'flexible'; theme: 'light' },
  ): string | null | undefined;
  getResponse(widgetId: string): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
};

let loading: Promise<Turnstile> | undefined;

function loadTurnstile(): Promise<Turnstile> {
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const { turnstile } = window as { turnstile?: Turnstile };
      if (turnstile) resolve(turnstile);
      else reject(new Error('Turnstile did not start'));
    };
    script.onerror = () => {
      // Dropped, so that the next form mounted tries again (a connection that came back).
      loading = undefined;
      script.remove();
      reject(new Error('Turnstile could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

export type CaptchaWidget = { token(): string | undefined; reset(): void; remove(): void };

/** Draws the widget in `container`, unless `signal` was aborted while the script loaded. */
export async function renderCaptcha(
  container: HTMLElement,
  siteKey: string,
  signal: AbortSignal,
): Promise<CaptchaWidget | null> {
  const turnstile = await loadTurnstile();
  if (signal.aborted) return null;
  const widgetId = turnstile.render(container, {
    sitekey: siteKey,
    action: CAPTCHA_ACTION,
    size: 'flexible',
    // The entry page is light whatever the device's theme.
    theme: 'light',
  });
  if (!widgetId) return null;
  return {
    token: () => turnstile.getResponse(widgetId) || undefined,
    reset: () => turnstile.reset(widgetId),
    remove: () => turnstile.remove(widgetId),
  };
}
