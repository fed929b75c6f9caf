import { useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, CalendarClock, ExternalLink, Link2, SquarePen, Users } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { LIST_CLOCK_REFRESH_MS } from '#shared/constants.ts';
import { formatTimeLeftShort } from '#shared/contest-time-left.ts';
import { statusAt } from '#shared/contest-time.ts';
import { contestPagePath } from '#shared/contracts/contest-slugs.ts';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { StatCard } from '#web/components/ui/stat-card.tsx';
import { RequireUser } from '#web/features/auth/components/require-user.tsx';
import { SpinCard } from '#web/features/draws/components/spin-card.tsx';
import { FlagReviewCard } from '#web/features/flag-review/components/flag-review-card.tsx';
import { formatDate } from '#web/lib/format-date.ts';
import { useRedirectOnUnauthorized } from '#web/lib/unauthorized.ts';
import { useNow } from '#web/lib/use-now.ts';
import { useEntryCountQuery } from '../api/entry-count-query.ts';
import { useContest } from '../api/get-contest.ts';
import { useTopReferrers } from '../api/get-top-referrers.ts';
import { refreshContests } from '../api/refresh-contests.ts';
import { DeleteContestDialog } from '../components/delete-contest-dialog.tsx';
import { DuplicateContestButton } from '../components/duplicate-contest-button.tsx';
import { EntriesCard } from '../components/entries-card.tsx';
import { HideEmailsSwitch } from '../components/hide-emails-switch.tsx';
import { PresentDraw } from '../components/present-draw.tsx';
import { QrCodeDialog } from '../components/qr-code-dialog.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { StatusControl } from '../components/status-control.tsx';
import { TopReferrersCard } from '../components/top-referrers-card.tsx';
import { copyContestLink } from '../lib/copy-contest-link.ts';
import { formatOpensShort } from '../lib/opening.ts';
import { useLiveRefresh } from '../lib/use-live-refresh.ts';

export function DashboardPage({ params }: { params: { contestId: string } }) {
  return <RequireUser>{() => <Dashboard contestId={params.contestId} />}</RequireUser>;
}

function Dashboard({ contestId }: { contestId: string }) {
  const contestQuery = useContest(contestId);
  const isUnauthorized = useRedirectOnUnauthorized(contestQuery.error);
  if (contestQuery.isPending || isUnauthorized) return <PageSpinner />;
  const contest = contestQuery.data;
  // Someone else's contest comes back as its public view: for this screen it does not exist.
  if (!contest || !('trainerId' in contest)) {
    return (
      <PageFrame>
        <Card className="mx-auto max-w-md text-center">
          <CardContent className="grid gap-4 pt-8">
            <h1 className="text-xl font-bold">Contest not found</h1>
            <p className="text-sm text-muted-foreground">
              This contest may have been deleted or you don&apos;t have access to it.
            </p>
            <Button asChild>
              <Link href="/">Back to Home</Link>
            </Button>
          </CardContent>
        </Card>
      </PageFrame>
    );
  }
  return <ContestDashboard contest={contest} />;
}

function ContestDashboard({ contest }: { contest: OwnerContest }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const now = useNow(LIST_CLOCK_REFRESH_MS);
  const status = statusAt(contest, now);
  const liveRefresh = useLiveRefresh(status);
  const countQuery = useEntryCountQuery(contest.id, liveRefresh);
  const entryCount = countQuery.data?.count ?? contest.entryCount;
  // Referrals on, or earned while they were: a contest that never had any shows none of it.
  const hasReferrers = (useTopReferrers(contest.id).data?.length ?? 0) > 0;
  const showReferrals = contest.referralBonus > 0 || hasReferrers;

  return (
    <PageFrame
      width="max-w-5xl"
      title={contest.title}
      actions={<StatusBadge contest={contest} now={now} />}
    >
      <p className="-mt-4 mb-5 whitespace-pre-line break-words text-muted-foreground">
        {contest.description}
      </p>
      <nav aria-label="Contest actions" className="mb-6 flex flex-wrap gap-2">
        <StatusControl contest={contest} now={now} />
        <Button asChild size="sm" variant="outline">
          <Link href={`/contest-edit/${contest.id}`}>
            <SquarePen aria-hidden />
            Edit
          </Link>
        </Button>
        <Button size="sm" variant="outline" onClick={() => void copyContestLink(contest)}>
          <Link2 aria-hidden />
          Copy Link
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={contestPagePath(contest)} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden />
            Open public page
          </a>
        </Button>
        <QrCodeDialog contest={contest} />
        <DuplicateContestButton contestId={contest.id} />
        <DeleteContestDialog contest={contest} onDeleted={() => navigate('/')} />
        <HideEmailsSwitch className="px-1" />
      </nav>

      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard icon={Users} label="Total Registrants" value={entryCount.toLocaleString()} />
        {/* Drawn, the contest is closed for good: when, rather than a time left that is not.
            Scheduled, it takes no entries yet: when it opens. */}
        {status === 'drawn' && contest.frozenAt ? (
          <StatCard
            icon={CalendarCheck}
            label="Entries closed"
            value={formatDate(contest.frozenAt)}
          />
        ) : status === 'scheduled' && contest.startDate ? (
          <StatCard
            icon={CalendarClock}
            label="Opens"
            value={formatOpensShort(contest.startDate, contest.timeZone)}
          />
        ) : (
          <StatCard
            icon={CalendarClock}
            label="Time Left"
            value={formatTimeLeftShort(contest.endDate, now)}
          />
        )}
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="empty:hidden lg:col-span-2">
          <FlagReviewCard contestId={contest.id} />
        </div>
        <PresentDraw>
          <SpinCard
            contest={contest}
            entryCount={entryCount}
            onDrawChange={() => refreshContests(queryClient, contest.id)}
          />
        </PresentDraw>
        <EntriesCard
          contest={contest}
          entryCount={entryCount}
          showReferrals={showReferrals}
          liveRefresh={liveRefresh}
        />
        {showReferrals ? (
          <div className="lg:col-span-2">
            <TopReferrersCard contest={contest} />
          </div>
        ) : null}
      </div>
    </PageFrame>
  );
}
