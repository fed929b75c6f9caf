import { toast } from '#web/components/ui/use-toast.ts';

export function publicContestUrl(contestId: string): string {
  return `${window.location.origin}/c/${contestId}`;
}

export async function copyContestLink(contestId: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(publicContestUrl(contestId));
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
