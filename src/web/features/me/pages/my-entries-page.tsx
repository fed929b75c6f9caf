import { AlertTriangle } from 'lucide-react';
import { useSearch } from 'wouter';
import { ME_PATH, ME_TOKEN_FIELD } from '#shared/contracts/me.ts';
import { AuthLayout } from '#web/components/layout/auth-layout.tsx';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Callout } from '#web/components/ui/callout.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { messageOf } from '#web/lib/api-client.ts';
import { useMyEntries } from '../api/get-my-entries.ts';
import { useOpenMyPage } from '../api/open-my-page.ts';
import { LinkRequestForm } from '../components/link-request-form.tsx';
import { MyEntriesList } from '../components/my-entries-list.tsx';

/**
 * An entrant's own page (docs/product.md#your-entries-me). Without a link: the address to mail
 * one to. With one (`?token=`): a button, since opening a link must change nothing (mail
 * scanners open links). Once pressed, or while the page stays open: the entries.
 */
export function MyEntriesPage() {
  const token = new URLSearchParams(useSearch()).get(ME_TOKEN_FIELD) ?? '';
  const mine = useMyEntries();
  const open = useOpenMyPage();

  // A link's button comes first, even in a browser that has another mailbox's page open.
  if (token && !open.isSuccess && !open.error) {
    const showEntries = () =>
      open.mutate(
        { token },
        // The link is spent: the address bar no longer holds it.
        { onSuccess: () => window.history.replaceState(null, '', ME_PATH) },
      );
    return (
      <AuthLayout
        title="Your entries"
        description="See the giveaways you entered with your e-mail address, download your data, or withdraw."
      >
        <Button size="lg" className="w-full" disabled={open.isPending} onClick={showEntries}>
          {open.isPending ? 'Opening...' : 'Show my entries'}
        </Button>
      </AuthLayout>
    );
  }

  if (mine.data && !open.error) {
    return (
      <PageFrame
        back={null}
        title="Your entries"
        description={
          <>
            Entries made with <strong className="text-foreground">{mine.data.email}</strong>, in
            every giveaway.
          </>
        }
      >
        <MyEntriesList mine={mine.data} />
      </PageFrame>
    );
  }
  if (mine.isPending) return <PageSpinner text="Loading your entries..." />;

  return (
    <AuthLayout
      title="Your entries"
      description="Enter your e-mail address: we send a link that shows the giveaways you entered with it, where you can download your data or withdraw."
    >
      <div className="grid gap-4">
        {open.error ? (
          <Callout tone="danger" icon={AlertTriangle} role="alert">
            <p>{messageOf(open.error, 'This link could not be opened. Ask for a new one.')}</p>
          </Callout>
        ) : null}
        <LinkRequestForm />
      </div>
    </AuthLayout>
  );
}
