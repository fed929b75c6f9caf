import { CalendarClock } from 'lucide-react';
import { formatContestDate } from '#shared/contest-date.ts';
import { Countdown } from './countdown.tsx';

/**
 * A published contest before its start: when it opens, in the contest's own zone, and the time
 * left until then. No form: entries open at the start (the server refuses them before it).
 */
export function ScheduledCard({ startDate, timeZone }: { startDate: string; timeZone: string }) {
  return (
    <div className="grid gap-4 rounded-2xl bg-primary-soft/60 p-5 text-center">
      <p className="flex items-center justify-center gap-2 font-semibold">
        <CalendarClock aria-hidden className="size-5 shrink-0 text-primary" />
        <span>Entries open {formatContestDate(startDate, timeZone)}</span>
      </p>
      <Countdown endDate={startDate} label="Opens in:" />
    </div>
  );
}
