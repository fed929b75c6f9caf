import { MailPlus } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useResendNotice } from '../api/resend-notice.ts';

/**
 * Mails a winner who has not claimed yet their notice again, with a fresh link and the same
 * deadline; the server allows 3 an hour per place and says so past that.
 */
export function ResendNoticeButton({
  contestId,
  position,
  name,
  disabled,
  className,
}: {
  contestId: string;
  position: number;
  name: string;
  disabled: boolean;
  /** Where the button sits in its row. */
  className?: string;
}) {
  const resend = useResendNotice(contestId);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={disabled || resend.isPending}
      className={className}
      onClick={() =>
        resend.mutate(position, {
          onSuccess: () =>
            toast({
              title: 'Notice Sent Again',
              description: `${name} gets the e-mail again, with the same time to claim.`,
              variant: 'success',
            }),
          onError: (error) => reportFailure(error, 'Not Sent', 'Failed to send the notice again.'),
        })
      }
    >
      <MailPlus aria-hidden />
      {resend.isPending ? 'Sending...' : 'Resend notice'}
    </Button>
  );
}
