import { useState } from 'react';
import { useLocation } from 'wouter';
import { createContestForm } from '#shared/contracts/contest-form.ts';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { RequireUser } from '#web/features/auth/components/require-user.tsx';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useCreateContest } from '../api/create-contest.ts';
import {
  ContestFields,
  emptyContestForm,
  showServerFieldErrors,
  useContestForm,
} from '../components/contest-form.tsx';
import { opensLater, publishedText } from '../lib/opening.ts';

export function ContestBuilderPage() {
  return <RequireUser>{() => <ContestBuilder />}</RequireUser>;
}

function ContestBuilder() {
  const [, navigate] = useLocation();
  const create = useCreateContest();
  const form = useContestForm(createContestForm, emptyContestForm);
  const [openedAt] = useState(() => new Date());
  const [savingAs, setSavingAs] = useState<'draft' | 'live' | null>(null);

  const save = (isActive: boolean) =>
    form.handleSubmit((body) => {
      setSavingAs(isActive ? 'live' : 'draft');
      create.mutate(
        {
          ...body,
          endDate: body.endDate.toISOString(),
          startDate: body.startDate ? body.startDate.toISOString() : null,
          isActive,
        },
        {
          onSuccess: (contest) => {
            toast({
              title: isActive ? 'Contest Created!' : 'Draft Saved',
              description: !isActive
                ? 'Your draft is saved. Publish it from its dashboard when you are ready.'
                : opensLater(contest)
                  ? publishedText(contest)
                  : 'Your contest has been created successfully.',
              variant: 'success',
            });
            navigate(`/dashboard/${contest.id}`);
          },
          onError: (error) => {
            showServerFieldErrors(form, error);
            reportFailure(error, 'Error', 'Failed to create contest');
          },
          onSettled: () => setSavingAs(null),
        },
      );
    });

  return (
    <PageFrame title="Create a New Contest">
      <Card>
        <CardContent>
          <form onSubmit={save(true)} noValidate>
            <ContestFields form={form} minEndDate={openedAt}>
              <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
                <Button
                  type="button"
                  variant="outline"
                  disabled={create.isPending}
                  onClick={save(false)}
                >
                  {savingAs === 'draft' ? 'Saving...' : 'Save Draft'}
                </Button>
                <Button type="submit" disabled={create.isPending}>
                  {savingAs === 'live' ? 'Creating...' : 'Create Contest'}
                </Button>
              </div>
            </ContestFields>
          </form>
        </CardContent>
      </Card>
    </PageFrame>
  );
}
