import { zodResolver } from '@hookform/resolvers/zod';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  DISQUALIFY_REASON_MAX_LENGTH,
  disqualifyBody,
  type DrawnPlace,
} from '#shared/contracts/draws.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { TextareaField } from '#web/components/ui/textarea.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useRedrawPlaces } from '../api/redraw-places.ts';

/** The same rules as one winner's disqualification: the reason is public. */
const reasonForm = disqualifyBody.pick({ reason: true });

/** "Maya Chen", "Maya Chen and Sam Okafor", "Maya Chen, Sam Okafor and Priya Nair". */
function namesOf(places: DrawnPlace[]): string {
  const names = places.map((place) => place.name);
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "Redraw the winner" with one place, "Redraw all places" with several. */
export const redrawLabel = (winnersCount: number) =>
  winnersCount === 1 ? 'Redraw the winner' : 'Redraw all places';

/**
 * Redrawing every place (docs/product.md#the-draw): says first what the public will see, and takes
 * one public reason for every winner it disqualifies. The places are then drawn again with SPIN.
 */
export function RedrawDialog({
  contestId,
  places,
  winnersCount,
  disabled,
  onRedrawn,
  onFailed,
}: {
  contestId: string;
  /** The current winners, every one of whom is disqualified. */
  places: DrawnPlace[];
  winnersCount: number;
  disabled: boolean;
  onRedrawn: () => void;
  /** Refused (no winner left to disqualify, say): refresh the draw. */
  onFailed: () => void;
}) {
  const [open, setOpen] = useState(false);
  const redraw = useRedrawPlaces(contestId);
  const form = useForm({ resolver: zodResolver(reasonForm), defaultValues: { reason: '' } });
  const several = winnersCount > 1;
  const label = redrawLabel(winnersCount);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset();
  };

  const submit = form.handleSubmit(({ reason }) =>
    redraw.mutate(reason, {
      onSuccess: () => {
        changeOpen(false);
        onRedrawn();
      },
      onError: (error) => {
        const reasonError = error instanceof ApiError ? error.fieldErrors.reason : undefined;
        if (reasonError) {
          form.setError('reason', { message: reasonError });
          return;
        }
        changeOpen(false);
        reportFailure(error, 'Error', 'Failed to redraw. Please try again.');
        onFailed();
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="mt-3" disabled={disabled}>
          <RotateCcw aria-hidden />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={several ? `Redraw all ${winnersCount} places?` : 'Redraw the winner?'}
        description="What everyone will see:"
      >
        <ul className="grid list-disc gap-1.5 pl-5 text-sm">
          <li>
            <strong className="break-words">{namesOf(places)}</strong>{' '}
            {places.length === 1 ? 'is' : 'are'} shown as disqualified in the public draw record,
            with the reason you give here.
          </li>
          <li>
            The contest page says {several ? 'the places are' : 'the winner is'} being drawn again
            until you spin.
          </li>
          <li>
            The wheel then draws {several ? 'them' : 'it'} again in the same public order as before,
            which anyone can check. Those disqualified cannot win again.
          </li>
        </ul>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextareaField
            label="Public reason"
            rows={3}
            maxLength={DISQUALIFY_REASON_MAX_LENGTH}
            placeholder="The prize changed"
            hint={`Shown beside ${several ? 'each winner' : 'the winner'} in the public draw record. Up to ${DISQUALIFY_REASON_MAX_LENGTH} characters.`}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={redraw.isPending}>
              {redraw.isPending ? 'Redrawing...' : label}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
