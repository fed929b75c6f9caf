import { contestPagePath } from '#shared/contracts/contest-slugs.ts';
import { toast } from '#web/components/ui/use-toast.ts';

type ContestAddress = { id: string; slug: string | null };

/** The link owners share: the short one when the contest has it. */
export function publicContestUrl(contest: ContestAddress): string {
  return `${window.location.origin}${contestPagePath(contest)}`;
}

export async function copyContestLink(contest: ContestAddress): Promise<void> {
  try {
    await navigator.clipboard.writeText(publicContestUrl(contest));
    toast({
      title: 'Link Copied!',
      description: 'Contest entry link has been copied to your clipboard.',
      variant: 'success',
    });
  } catch {
    toast({
      title: 'Copy Failed',
      description: 'Unable to copy link to clipboard. Please try again.',
      variant: 'destructive',
    });
  }
}
