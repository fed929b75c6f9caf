import { Database, UserPlus, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { LoadMoreButton } from '#web/components/ui/load-more-button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useInspectDatabase } from '../api/inspect-database.ts';
import { AdminGate } from '../components/admin-gate.tsx';
import { HelpPanel } from '../components/help-panel.tsx';
import { UserRow } from '../components/user-row.tsx';

const troubleshooting = [
  'An account that cannot sign in: check it is Verified and Active here.',
  'Unverified: verify it from User Management or the email verification tool.',
  'Inactive: activate it from the Admin Panel.',
  'Forgotten password: use the Database Reset tool.',
  'Not listed: the address was never signed up; create a new account.',
];

export function DatabaseInspectorPage() {
  return (
    <PageFrame
      width="max-w-5xl"
      title="Database Inspector"
      description="See the accounts stored in the production database."
      back={null}
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="grid content-start gap-4">
          <AdminGate>{() => <Inspector />}</AdminGate>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link href="/admin">Back</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/signup">
                <UserPlus aria-hidden />
                Create New Account
              </Link>
            </Button>
          </div>
        </div>
        <HelpPanel icon={Wrench} title="Troubleshooting">
          <ul className="list-disc space-y-1 pl-4">
            {troubleshooting.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </HelpPanel>
      </div>
    </PageFrame>
  );
}

function Inspector() {
  const [isInspecting, setIsInspecting] = useState(false);
  const inspect = useInspectDatabase(isInspecting);
  const users = inspect.data?.pages.flatMap((page) => page.users) ?? [];
  const total = inspect.data?.pages[0]?.totalUsers ?? 0;

  if (!isInspecting) {
    return (
      <Card>
        <CardContent className="grid justify-items-start gap-3">
          <p className="text-sm text-muted-foreground">
            Lists every account with its role, verification and status, straight from the database,
            without changing anything.
          </p>
          <Button onClick={() => setIsInspecting(true)}>
            <Database aria-hidden />
            Inspect Production Database
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (inspect.isPending) {
    return (
      <Card>
        <CardContent className="flex items-center gap-3 text-sm text-muted-foreground">
          <Spinner />
          Loading database information...
        </CardContent>
      </Card>
    );
  }
  if (inspect.isError) {
    return (
      <Card>
        <CardContent className="grid justify-items-start gap-3">
          <p role="alert" className="text-sm text-destructive">
            Failed to load database information.
          </p>
          <Button variant="outline" onClick={() => void inspect.refetch()}>
            Try Again
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardContent className="grid gap-3">
        <p className="text-sm font-medium">
          {total.toLocaleString()} {total === 1 ? 'user' : 'users'} in the database
        </p>
        {users.length === 0 ? (
          <p className="text-sm text-muted-foreground">No users found in production database.</p>
        ) : (
          <ul
            aria-label="Database users"
            className="max-h-[32rem] divide-y divide-border overflow-y-auto rounded-xl border border-border"
          >
            {users.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </ul>
        )}
        <LoadMoreButton query={inspect} />
      </CardContent>
    </Card>
  );
}
