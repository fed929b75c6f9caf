import { FlaskConical } from 'lucide-react';
import type { AdminStats } from '#shared/contracts/admin.ts';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { Callout } from '#web/components/ui/callout.tsx';
import { RequireUser } from '#web/features/auth/components/require-user.tsx';
import { AdminStatCards } from '../components/admin-stat-cards.tsx';

/** Fixed figures, so the dashboard's layout can be checked without touching real data. */
const sampleStats: AdminStats = {
  totalUsers: 1248,
  activeUsers: 1193,
  totalContests: 342,
  activeContests: 57,
  totalEntries: 48_610,
};

/** The admin stat cards with fixed sample figures: the screen at /admin-test. */
export function SampleStatsPage() {
  return <RequireUser>{() => <SampleStats />}</RequireUser>;
}

function SampleStats() {
  return (
    <PageFrame width="max-w-6xl" title="Admin test" back={{ href: '/admin', label: 'Admin Panel' }}>
      <Callout role="note" tone="warning" icon={FlaskConical} className="mb-6">
        <p>
          <strong>Sample figures.</strong> This page shows the admin dashboard with fixed example
          numbers. They are not your platform&apos;s data: open the Admin Panel for live figures.
        </p>
      </Callout>
      <AdminStatCards stats={sampleStats} />
    </PageFrame>
  );
}
