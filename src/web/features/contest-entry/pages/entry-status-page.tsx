import { CircleAlert, CircleCheckBig, CircleMinus, MailCheck, UserPlus, Users } from 'lucide-react';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { PRODUCT_NAME } from '#shared/constants.ts';
import { referralReasonLabels } from '#shared/contracts/referral-reason-labels.ts';
import {
  referralMessages,
  type EntryStanding,
  type ReferredFriend,
} from '#shared/contracts/referrals.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Callout } from '#web/components/ui/callout.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, messageOf } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format-date.ts';
import { useEntryStanding } from '../api/get-entry-standing.ts';
import { PublicFrame } from '../components/public-frame.tsx';
import { ShareLink } from '../components/share-link.tsx';
import { referralShareText } from '../lib/referral-words.ts';

/** One fixed format, as the entry page has it. */
const formatCount = (value: number) => value.toLocaleString('en-US');

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="flex flex-col items-center rounded-xl bg-primary-soft px-2 py-3 text-center">
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold tabular-nums text-primary sm:text-3xl">
        {value}
      </dd>
      <dd className="mt-0.5 text-xs text-muted-foreground">{note}</dd>
    </div>
  );
}

/**
 * Each friend who came through the link, by display name, and whether they count: a friend who
 * does not count is told apart with the reason, so nobody wonders where a bonus went.
 */
function Friends({ friends }: { friends: ReferredFriend[] }) {
  return (
    <section aria-labelledby="friends-heading" className="grid gap-3">
      <h2 id="friends-heading" className="flex items-center gap-2 text-lg font-extrabold">
        <Users aria-hidden className="size-5 shrink-0 text-primary" />
        Friends who used your link
      </h2>
      <ul className="grid divide-y divide-border rounded-xl border border-border">
        {friends.map((friend, index) => {
          const counts = friend.reason === 'counted';
          const Icon = counts ? CircleCheckBig : CircleMinus;
          return (
            <li key={index} className="flex items-start gap-3 px-4 py-3 text-sm">
              <Icon
                aria-hidden
                className={`mt-0.5 size-4 shrink-0 ${counts ? 'text-success' : 'text-muted-foreground'}`}
              />
              <span className="grid min-w-0">
                <span className="break-words font-semibold">{friend.displayName}</span>
                <span className={counts ? 'text-success' : 'text-muted-foreground'}>
                  {referralReasonLabels[friend.reason]}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Standing({ standing }: { standing: EntryStanding }) {
  const bonusEntries = standing.entries - 1;
  const isCapped = standing.referralBonus > 0 && bonusEntries >= standing.referralCap;
  return (
    <article className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
      <header className="bg-primary px-6 py-5 text-primary-foreground">
        <p className="text-sm font-semibold text-violet-100">Your entry to</p>
        <h1 className="mt-1 break-words text-xl font-extrabold leading-tight sm:text-2xl">
          {standing.contestTitle}
        </h1>
      </header>
      <div className="grid gap-6 p-6">
        <div className="grid gap-3">
          <p className="break-words text-lg font-bold">Hi {standing.name}!</p>
          {standing.status === 'pending' ? (
            <Callout tone="warning" icon={MailCheck}>
              <p className="font-bold">Your entry is pending confirmation</p>
              <p>
                Open the link we e-mailed you: your entry is in the draw only once you confirm it.
              </p>
            </Callout>
          ) : (
            <p className="flex items-center gap-2 text-sm font-semibold text-success">
              <CircleCheckBig aria-hidden className="size-4 shrink-0" />
              Your entry is confirmed
            </p>
          )}
        </div>

        <dl className="grid grid-cols-3 gap-2">
          <Figure
            label="Entries"
            value={formatCount(standing.entries)}
            note={bonusEntries > 0 ? `1 + ${formatCount(bonusEntries)} bonus` : 'no bonus yet'}
          />
          <Figure
            label="Referrals"
            value={formatCount(standing.referrals)}
            note={standing.referrals === 1 ? 'friend' : 'friends'}
          />
          {standing.rank === null ? (
            <Figure label="Rank" value="–" note="No referrals yet" />
          ) : (
            <Figure label="Rank" value={`#${formatCount(standing.rank)}`} note="of referrers" />
          )}
        </dl>

        <section aria-labelledby="share-heading" className="grid gap-3">
          <h2 id="share-heading" className="flex items-center gap-2 text-lg font-extrabold">
            <UserPlus aria-hidden className="size-5 shrink-0 text-primary" />
            Get more entries
          </h2>
          {standing.referralBonus > 0 ? (
            <>
              <p className="text-sm">
                <strong className="font-semibold">
                  {referralMessages.worth(standing.referralBonus)}
                </strong>{' '}
                (up to {formatCount(standing.referralCap)} bonus{' '}
                {standing.referralCap === 1 ? 'entry' : 'entries'}). A friend counts once their own
                entry is confirmed.
              </p>
              {isCapped ? (
                <p className="text-sm font-semibold text-success">
                  You have reached the cap: your link still lets friends enter, but your entries
                  stay at {formatCount(standing.entries)}.
                </p>
              ) : null}
              <ShareLink
                url={standing.referral.url}
                shareTitle={standing.contestTitle}
                shareText={referralShareText(standing.contestTitle)}
              />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">
              This contest no longer gives bonus entries for referrals.
            </p>
          )}
        </section>

        {standing.friends.length > 0 ? <Friends friends={standing.friends} /> : null}

        <p className="border-t border-border pt-4 text-center text-sm text-muted-foreground">
          The contest ends on{' '}
          <strong className="text-foreground">{formatDateTime(standing.endDate, 'long')}</strong>
        </p>
      </div>
    </article>
  );
}

function Problem({ error }: { error: unknown }) {
  const isInvalid = error instanceof ApiError && error.code === 'NOT_FOUND';
  return (
    <div className="rounded-2xl border border-border bg-card p-8 text-center shadow-sm">
      <CircleAlert aria-hidden className="mx-auto size-10 text-accent" />
      <h1 className="mt-3 text-2xl font-extrabold">
        {isInvalid ? 'We can’t show this entry' : 'Could not load your entry'}
      </h1>
      <p role="alert" className="mt-2 text-muted-foreground">
        {messageOf(error, 'Check your connection and try again.')}
      </p>
      {isInvalid ? null : (
        <Button className="mt-5" onClick={() => window.location.reload()}>
          Try again
        </Button>
      )}
    </div>
  );
}

/**
 * /c/{id}/status/{entryId}?token=…: an entrant's own page, reached from "You're In!" and their
 * entry e-mail. Their entries, counted referrals and rank, and their link to share; the token
 * is what makes it theirs, so the page shows nothing without a good one.
 */
export function EntryStatusPage({ params }: { params: { contestId: string; entryId: string } }) {
  const { contestId, entryId } = params;
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const query = useEntryStanding(contestId, entryId, token);
  const title = query.data?.contestTitle;

  useEffect(() => {
    if (title) document.title = `Your entry: ${title} – ${PRODUCT_NAME}`;
  }, [title]);

  return (
    <PublicFrame backToContest={contestId} brand={query.data?.brand}>
      {query.isPending ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card p-10 text-center shadow-sm">
          <Spinner className="size-8" label="Loading your entry" />
          <p aria-hidden className="text-muted-foreground">
            Loading your entry...
          </p>
        </div>
      ) : query.isError ? (
        <Problem error={query.error} />
      ) : (
        <Standing standing={query.data} />
      )}
    </PublicFrame>
  );
}
