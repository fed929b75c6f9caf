import { CircleAlert, Send } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Callout } from '#web/components/ui/callout.tsx';

/**
 * Under the button, where the entrant is looking: why the entry was refused, and for an address
 * that has entered already, a way to get its personal link again (by e-mail, to that address).
 */
export function EntryNotice({
  message,
  resend,
}: {
  message: string;
  resend: { onClick: () => void; isSending: boolean; answer: string | null } | null;
}) {
  return (
    <Callout role="alert" tone="danger" icon={CircleAlert}>
      <p className="font-semibold">Entry Failed</p>
      <p>{message}</p>
      {resend ? (
        resend.answer ? (
          <p role="status" className="font-semibold">
            {resend.answer}
          </p>
        ) : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="mt-1 justify-self-start"
            disabled={resend.isSending}
            onClick={resend.onClick}
          >
            <Send aria-hidden />
            Send me my link again
          </Button>
        )
      ) : null}
    </Callout>
  );
}
