import { zodResolver } from '@hookform/resolvers/zod';
import { UserX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  DISQUALIFY_REASON_MAX_LENGTH,
  disqualifyBody,
  type DrawnPlace,
} from '#shared/contracts/draws.ts';
import { ordinal } from '#shared/ordinal.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { TextareaField } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { isPickChanged, useDisqualifyWinner } from '../api/disqualify-winner.ts';

/** Reasons an owner often gives; a click fills them in, to be edited or sent as they are. */
const SUGGESTED_REASONS = [
  'Did not reply within 72 hours',
  'Not eligible',
  'Declined the prize',
] as const;

/** The form asks for the reason only: the winner is the one this dialog was opened for. */
const reasonForm = disqualifyBody.pick({ reason: true });

/**
 * Asks for the public reason before a winner loses their place; the place then goes to the next
 * pick of the committed sequence (docs/draw-protocol.md#4-draw), which the wheel shows.
 */
export function DisqualifyDialog({
  contestId,
  place,
  disabled,
  onDisqualified,
  onFailed,
  className,
}: {
  contestId: string;
  place: DrawnPlace;
  disabled: boolean;
  /** The winner is out: the wheel shows the replacement. */
  onDisqualified: (place: DrawnPlace) => void;
  /** Refused (the winner already replaced, or no one left to replace them): refresh the draw. */
  onFailed: () => void;
  /** Where the trigger sits in its row. */
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const disqualify = useDisqualifyWinner(contestId);
  const form = useForm({ resolver: zodResolver(reasonForm), defaultValues: { reason: '' } });
  const { errors, isSubmitted } = form.formState;

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset();
  };

  const submit = form.handleSubmit(({ reason }) =>
    disqualify.mutate(
      // The winner this dialog shows: if they are already out, the server refuses instead of
      // removing whoever replaced them.
      { position: place.position, p: place.p, reason },
      {
        onSuccess: () => {
          changeOpen(false);
          onDisqualified(place);
        },
        onError: (error) => {
          const reasonError = error instanceof ApiError ? error.fieldErrors.reason : undefined;
          if (reasonError) {
            form.setError('reason', { message: reasonError });
            return;
          }
          changeOpen(false);
          if (isPickChanged(error)) {
            toast({
              title: 'Already replaced',
              description: 'This place already has a new winner. The page now shows who.',
            });
          } else {
            reportFailure(error, 'Error', 'Failed to disqualify winner');
          }
          onFailed();
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline-destructive"
          size="sm"
          disabled={disabled}
          className={cn('shrink-0', className)}
        >
          <UserX aria-hidden />
          Disqualify
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Disqualify ${place.name}?`}
        description={
          <>
            The {ordinal(place.position)} place goes to the next entry drawn, in the order locked in
            when the contest was published, and the wheel spins onto it. The reason is public:
            anyone can read it in the draw record.
          </>
        }
      >
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextareaField
            label="Reason"
            rows={3}
            maxLength={DISQUALIFY_REASON_MAX_LENGTH}
            placeholder="Did not reply within 72 hours"
            hint={`Shown in the public draw record. Up to ${DISQUALIFY_REASON_MAX_LENGTH} characters.`}
            error={errors.reason?.message}
            {...form.register('reason')}
          />
          <div role="group" aria-label="Suggested reasons" className="flex flex-wrap gap-2">
            {SUGGESTED_REASONS.map((reason) => (
              <button
                key={reason}
                type="button"
                onClick={() =>
                  form.setValue('reason', reason, {
                    shouldValidate: isSubmitted,
                    shouldDirty: true,
                  })
                }
                className="rounded-full border border-border bg-muted px-3 py-1 text-xs font-medium text-foreground hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {reason}
              </button>
            ))}
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={disqualify.isPending}>
              {disqualify.isPending ? 'Disqualifying...' : 'Disqualify & Redraw'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
