import { COUNTDOWN_TICK_MS } from '#shared/constants.ts';
import { countdownTo, type Countdown as CountdownState } from '#shared/contest-time.ts';
import { useNow } from '#web/lib/use-now.ts';

const units: { key: keyof CountdownState; label: string }[] = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
];

/** Recomputed every second; zeros once the moment has passed (the end, or a start). */
export function Countdown({
  endDate,
  label = 'Contest ends in:',
}: {
  endDate: string;
  label?: string;
}) {
  const now = useNow(COUNTDOWN_TICK_MS);
  const left = countdownTo(endDate, now);

  return (
    <div>
      <p className="text-center text-sm font-semibold text-muted-foreground">{label}</p>
      <div className="mt-2 grid grid-cols-4 gap-2" role="timer" aria-live="off">
        {units.map(({ key, label }) => (
          <div key={key} className="rounded-xl bg-primary-soft py-3 text-center">
            {/* The server's second is not the browser's: the digits may differ at hydration. */}
            <span
              suppressHydrationWarning
              className="block text-2xl font-extrabold tabular-nums text-primary sm:text-3xl"
            >
              {String(left[key]).padStart(2, '0')}
            </span>
            <span className="text-xs font-medium text-muted-foreground">{label}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
