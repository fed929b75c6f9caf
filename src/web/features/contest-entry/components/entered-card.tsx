import { PartyPopper } from 'lucide-react';
import { formatDateTime } from '#web/lib/format-date.ts';

/** The confirmation an entrant sees, and sees again when they come back to the link. */
export function EnteredCard({
  name,
  confirmationMessage,
  endDate,
}: {
  name: string;
  confirmationMessage: string | null;
  endDate: string;
}) {
  return (
    <div
      role="status"
      className="rounded-2xl border border-green-200 bg-success-soft p-6 text-center"
    >
      <PartyPopper aria-hidden className="mx-auto size-10 text-success" />
      <h2 className="mt-3 text-2xl font-extrabold text-green-900">You&apos;re In!</h2>
      <p className="mt-2 whitespace-pre-line text-green-900">
        {confirmationMessage || `Thanks ${name}! Your entry has been confirmed.`}
      </p>
      <p className="mt-4 text-sm text-green-800">
        Winner will be chosen on <strong>{formatDateTime(endDate, 'long')}</strong>
      </p>
    </div>
  );
}
