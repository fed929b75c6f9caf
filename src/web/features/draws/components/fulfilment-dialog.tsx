import { zodResolver } from '@hookform/resolvers/zod';
import { PackageCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fulfilmentBody, type FulfilmentStatus } from '#shared/contracts/claims.ts';
import { ordinal } from '#shared/ordinal.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { TextareaField } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useRecordFulfilment } from '../api/record-fulfilment.ts';

const NOTE_MAX_LENGTH = 200;
const noteForm = fulfilmentBody.pick({ note: true });

const words: Record<FulfilmentStatus, { action: string; done: string; icon: typeof Send }> = {
  sent: { action: 'Mark sent', done: 'sent', icon: Send },
  delivered: { action: 'Mark delivered', done: 'delivered', icon: PackageCheck },
};

/**
 * "Mark sent" / "Mark delivered": the owner reports the prize on its way or arrived, with a
 * note for themself (a tracking number). The draw record shows the status, never the note.
 */
export function FulfilmentDialog({
  contestId,
  position,
  name,
  status,
  disabled,
  className,
}: {
  contestId: string;
  position: number;
  name: string;
  status: FulfilmentStatus;
  disabled: boolean;
  /** Where the button sits in its row. */
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const record = useRecordFulfilment(contestId);
  const form = useForm({ resolver: zodResolver(noteForm), defaultValues: { note: '' } });
  const { action, done, icon: Icon } = words[status];

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset();
  };

  const submit = form.handleSubmit(({ note }) =>
    record.mutate(
      { position, status, ...(note ? { note } : {}) },
      {
        onSuccess: () => {
          changeOpen(false);
          toast({
            title: status === 'sent' ? 'Marked Sent' : 'Marked Delivered',
            description: `${name}'s prize is marked ${done}.`,
            variant: 'success',
          });
        },
        onError: (error) => {
          const noteError = error instanceof ApiError ? error.fieldErrors.note : undefined;
          if (noteError) {
            form.setError('note', { message: noteError });
            return;
          }
          changeOpen(false);
          reportFailure(error, 'Not Saved', `Failed to mark the prize ${done}.`);
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button
          variant={status === 'sent' ? 'secondary' : 'outline'}
          size="sm"
          disabled={disabled}
          className={className}
        >
          <Icon aria-hidden />
          {action}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Mark ${name}'s prize ${done}?`}
        description={
          <>
            The {ordinal(position)} place's prize shows as {done} in the public draw record. The
            note is for you alone.
          </>
        }
      >
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextareaField
            label="Note (optional)"
            rows={2}
            maxLength={NOTE_MAX_LENGTH}
            placeholder={status === 'sent' ? 'Tracking number' : 'Handed over at the gym'}
            hint={`Private: only you see it. Up to ${NOTE_MAX_LENGTH} characters.`}
            error={form.formState.errors.note?.message}
            {...form.register('note')}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? 'Saving...' : action}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
