import {
  CalendarCheck,
  Clock,
  Eye,
  Gift,
  Link2,
  Settings2,
  SquarePen,
  Trophy,
  Users,
} from 'lucide-react';
import { Link } from 'wouter';
import { formatTimeLeft } from '#shared/contest-time-left.ts';
import { statusAt } from '#shared/contest-time.ts';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import { Button } from '#web/components/ui/button.tsx';
import { formatDate } from '#web/lib/format-date.ts';
import { copyContestLink } from '../lib/copy-contest-link.ts';
import { formatOpensShort } from '../lib/opening.ts';
import { DeleteContestDialog } from './delete-contest-dialog.tsx';
import { DuplicateContestButton } from './duplicate-contest-button.tsx';
import { StatusBadge } from './status-badge.tsx';

export function ContestCard({
  contest,
  entryCount,
  now,
}: {
  contest: OwnerContest;
  entryCount: number;
  now: number;
}) {
  return (
    <li className="flex flex-col rounded-2xl border border-border bg-card p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 break-words text-lg font-bold leading-snug">{contest.title}</h2>
        <StatusBadge contest={contest} now={now} />
      </div>
      <p className="mt-1 line-clamp-2 break-words text-sm text-muted-foreground">
        {contest.description}
      </p>
      <dl className="mt-4 grid grid-cols-1 gap-2 text-sm">
        <div className="flex items-start gap-2">
          <dt className="sr-only">Prize</dt>
          <Gift aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <dd className="min-w-0 break-words">
            {contest.prizeDetails}
            {contest.prizeValue ? ` (${contest.prizeValue})` : ''}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">Entries</dt>
          <Users aria-hidden className="size-4 shrink-0 text-primary" />
          <dd>
            {entryCount.toLocaleString()} {entryCount === 1 ? 'entry' : 'entries'}
            {contest.maxEntries ? ` of ${contest.maxEntries.toLocaleString()}` : ''}
          </dd>
        </div>
        {contest.winnersCount > 1 ? (
          <div className="flex items-center gap-2">
            <dt className="sr-only">Winners</dt>
            <Trophy aria-hidden className="size-4 shrink-0 text-accent" />
            <dd>{contest.winnersCount} winners</dd>
          </div>
        ) : null}
        {contest.status === 'drawn' && contest.frozenAt ? (
          <div className="flex items-center gap-2">
            <dt className="sr-only">Entries</dt>
            <CalendarCheck aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <dd>Entries closed {formatDate(contest.frozenAt)}</dd>
          </div>
        ) : statusAt(contest, now) === 'scheduled' && contest.startDate ? (
          <div className="flex items-center gap-2">
            <dt className="sr-only">Opens</dt>
            <Clock aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <dd>Opens {formatOpensShort(contest.startDate, contest.timeZone)}</dd>
          </div>
        ) : (
          <div className="flex items-center gap-2">
            <dt className="sr-only">Time left</dt>
            <Clock aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <dd>{formatTimeLeft(contest.endDate, now)}</dd>
          </div>
        )}
      </dl>
      <div className="mt-auto grid grid-cols-2 gap-2 pt-5">
        <Button asChild size="sm" className="col-span-2">
          <Link href={`/dashboard/${contest.id}`}>
            <Settings2 aria-hidden />
            Manage
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link href={`/contest-edit/${contest.id}`}>
            <SquarePen aria-hidden />
            Edit
          </Link>
        </Button>
        {contest.isPublished ? (
          <Button size="sm" variant="outline" onClick={() => void copyContestLink(contest)}>
            <Link2 aria-hidden />
            Copy link
          </Button>
        ) : (
          // A draft's link answers "not found" to everyone else: its owner previews it instead.
          <Button asChild size="sm" variant="outline">
            <Link href={`/c/${contest.id}/preview`}>
              <Eye aria-hidden />
              Preview
            </Link>
          </Button>
        )}
        <DuplicateContestButton contestId={contest.id} />
        <DeleteContestDialog contest={contest} />
      </div>
    </li>
  );
}
