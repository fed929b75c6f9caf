import { useEffect, useRef, useState } from 'react';
import type { CaptchaWidget } from './turnstile.ts';

/**
 * The entry form's CAPTCHA when the operator configured one (`siteKey`): only then are the
 * Turnstile module and Cloudflare's script loaded. `setContainer` is the ref of the element the
 * widget is drawn in, rendered only when there is a site key.
 */
export function useCaptcha(siteKey: string | null) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const widgetRef = useRef<CaptchaWidget | null>(null);
  useEffect(() => {
    if (!siteKey || !container) return;
    const controller = new AbortController();
    import('./turnstile.ts')
      .then(({ renderCaptcha }) => renderCaptcha(container, siteKey, controller.signal))
      .then(
        (widget) => {
          if (controller.signal.aborted) widget?.remove();
          else widgetRef.current = widget;
        },
        // No widget: the form sends no token and the server's refusal says what is missing.
        () => {},
      );
    return () => {
      controller.abort();
      widgetRef.current?.remove();
      widgetRef.current = null;
    };
  }, [siteKey, container]);
  return {
    setContainer,
    token: () => widgetRef.current?.token(),
    /** A token is good for one attempt: the widget makes a new one after each. */
    reset: () => widgetRef.current?.reset(),
  };
}
