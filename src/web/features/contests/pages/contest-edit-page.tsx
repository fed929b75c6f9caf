import { CalendarX } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { LIST_CLOCK_REFRESH_MS } from '#shared/constants.ts';
import { brandOverrideToForm } from '#shared/contracts/brand-form.ts';
import { claimWindowToForm, updateContestForm } from '#shared/contracts/contest-form.ts';
import { contestMessages, type OwnerContest } from '#shared/contracts/contests.ts';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Callout } from '#web/components/ui/callout.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { RequireUser } from '#web/features/auth/components/require-user.tsx';
import { toDateTimeLocal } from '#web/lib/datetime-local.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useRedirectOnUnauthorized } from '#web/lib/unauthorized.ts';
import { useNow } from '#web/lib/use-now.ts';
import { useContest } from '../api/get-contest.ts';
import { useUpdateContest } from '../api/update-contest.ts';
import {
  ContestFields,
  showServerFieldErrors,
  useContestForm,
} from '../components/contest-form.tsx';
import { ContestImageFields, useContestImageChoices } from '../components/contest-image-fields.tsx';
import { EntryPreview, WithPreview } from '../components/entry-preview.tsx';
import { rulesFormOf } from '../components/rules-fields.tsx';

export function ContestEditPage({ params }: { params: { id: string } }) {
  return <RequireUser>{() => <ContestEdit contestId={params.id} />}</RequireUser>;
}

function ContestEdit({ contestId }: { contestId: string }) {
  const contestQuery = useContest(contestId);
  const isUnauthorized = useRedirectOnUnauthorized(contestQuery.error);
  if (contestQuery.isPending || isUnauthorized) return <PageSpinner />;
  if (!contestQuery.data || !('trainerId' in contestQuery.data)) {
    return (
      <PageFrame>
        <Card className="mx-auto max-w-md text-center">
          <CardContent className="grid gap-4 pt-8">
            <h1 className="text-xl font-bold">Contest not found</h1>
            <Button asChild>
              <Link href="/">Go Home</Link>
            </Button>
          </CardContent>
        </Card>
      </PageFrame>
    );
  }
  return <EditForm contest={contestQuery.data} />;
}

function EditForm({ contest }: { contest: OwnerContest }) {
  const [, navigate] = useLocation();
  const update = useUpdateContest(contest.id);
  // Pictures go to the contest as soon as they are chosen, apart from Save Changes.
  const images = useContestImageChoices(contest);
  const form = useContestForm(updateContestForm, {
    title: contest.title,
    description: contest.description,
    prizeDetails: contest.prizeDetails,
    prizeValue: contest.prizeValue ?? '',
    endDate: toDateTimeLocal(contest.endDate),
    maxEntries: contest.maxEntries === null ? '' : String(contest.maxEntries),
    confirmationMessage: contest.confirmationMessage ?? '',
    winnersCount: String(contest.winnersCount),
    requireConfirmation: contest.requireConfirmation,
    referralBonus: String(contest.referralBonus),
    referralCap: String(contest.referralCap),
    showLeaderboard: contest.showLeaderboard,
    notifyWinners: contest.notifyWinners,
    ...claimWindowToForm(contest.claimWindowMinutes),
    prizeDelivery: contest.prizeDelivery,
    ...rulesFormOf(contest),
    slug: contest.slug ?? '',
    brand: brandOverrideToForm(contest.brandOverride),
  });
  // After the first draw the number of places, the rule on flagged entries, the referral bonus
  // and cap (the entries' weights) and the time to claim are the record's: the edit leaves them
  // out.
  const lockedByDraw = Boolean(contest.frozenAt);
  // A copy of an ended contest keeps its end: publishing waits for a new one.
  const now = useNow(LIST_CLOCK_REFRESH_MS);
  const endPassed = new Date(contest.endDate).getTime() <= now;

  const onSubmit = form.handleSubmit(
    ({ winnersCount, referralBonus, referralCap, claimWindowMinutes, ...body }) =>
      update.mutate(
        {
          ...body,
          endDate: body.endDate.toISOString(),
          startDate: body.startDate ? body.startDate.toISOString() : null,
          ...(lockedByDraw ? {} : { winnersCount, referralBonus, referralCap, claimWindowMinutes }),
        },
        {
          onSuccess: () => {
            toast({
              title: 'Contest Updated',
              description: 'Your changes are saved.',
              variant: 'success',
            });
            navigate('/');
          },
          onError: (error) => {
            showServerFieldErrors(form, error);
            reportFailure(error, 'Update Failed', 'Failed to update contest. Please try again.');
          },
        },
      ),
  );

  return (
    <PageFrame title="Edit Contest" width="max-w-6xl">
      {!contest.isPublished && endPassed ? (
        <Callout role="note" tone="warning" icon={CalendarX} className="mb-4">
          {contestMessages.endedDraft}
        </Callout>
      ) : null}
      <WithPreview
        preview={<EntryPreview form={form} cover={images.cover.image} logo={images.logo.image} />}
      >
        <Card>
          <CardContent>
            <form onSubmit={onSubmit} noValidate className="grid gap-5">
              <ContestImageFields cover={images.cover} logo={images.logo} />
              <ContestFields
                form={form}
                lockedByDraw={lockedByDraw}
                published={
                  contest.isPublished
                    ? { contestId: contest.id, hasRules: contest.rules !== null }
                    : undefined
                }
              >
                <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
                  <Button asChild variant="outline">
                    <Link href="/">Cancel</Link>
                  </Button>
                  <Button type="submit" disabled={update.isPending}>
                    {update.isPending ? 'Saving...' : 'Save Changes'}
                  </Button>
                </div>
              </ContestFields>
            </form>
          </CardContent>
        </Card>
      </WithPreview>
    </PageFrame>
  );
}
