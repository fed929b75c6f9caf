import { Maximize, Minimize } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useHideEmailsInFullscreen } from '#web/lib/hide-emails.ts';
import { HideEmailsSwitch } from './hide-emails-switch.tsx';

/**
 * The draw card, and a way to show it full screen for a room or a shared screen. Entering full
 * screen turns "Hide e-mails" on, so a presented draw never shows an address; the switch stays at
 * hand to turn it off.
 */
export function PresentDraw({ children }: { children: ReactNode }) {
  const frameRef = useRef<HTMLDivElement>(null);
  const [isFullscreen, setIsFullscreen] = useState(false);
  useHideEmailsInFullscreen();
  useEffect(() => {
    const onChange = () => setIsFullscreen(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  return (
    <div
      ref={frameRef}
      className={cn(
        'relative grid content-start gap-3',
        isFullscreen && 'overflow-y-auto bg-background p-4 sm:p-8',
      )}
    >
      {isFullscreen ? (
        <div className="mx-auto flex w-full max-w-2xl flex-wrap items-center justify-between gap-3">
          <HideEmailsSwitch />
          <Button variant="outline" size="sm" onClick={() => void document.exitFullscreen()}>
            <Minimize aria-hidden />
            Exit full screen
          </Button>
        </div>
      ) : (
        <Button
          variant="ghost"
          size="icon"
          className="absolute right-2 top-2 z-10 size-11"
          aria-label="Show the draw full screen"
          title="Full screen"
          onClick={() => void frameRef.current?.requestFullscreen()}
        >
          <Maximize aria-hidden />
        </Button>
      )}
      <div className={cn(isFullscreen && 'mx-auto w-full max-w-2xl')}>{children}</div>
    </div>
  );
}
