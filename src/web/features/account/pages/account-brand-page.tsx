import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { RequireUser } from '#web/features/auth/components/require-user.tsx';
import { messageOf } from '#web/lib/api-client.ts';
import { useRedirectOnUnauthorized } from '#web/lib/unauthorized.ts';
import { useAccountBrand } from '../api/get-account-brand.ts';
import { AccountBrandForm } from '../components/account-brand-form.tsx';

/** /account/brand: the business name, logo and colour every contest of the account shows. */
export function AccountBrandPage() {
  return <RequireUser>{() => <AccountBrand />}</RequireUser>;
}

function AccountBrand() {
  const brand = useAccountBrand();
  const isUnauthorized = useRedirectOnUnauthorized(brand.error);
  if (brand.isPending || isUnauthorized) return <PageSpinner />;
  return (
    <PageFrame
      title="Your brand"
      description="Your business name, logo and colour on every contest's entry page and in the e-mails entrants get. A contest can set its own in its Brand settings."
      width="max-w-5xl"
    >
      {brand.data ? (
        <AccountBrandForm brand={brand.data} />
      ) : (
        <p role="alert" className="text-destructive">
          {messageOf(brand.error, 'Could not load your brand. Reload the page to try again.')}
        </p>
      )}
    </PageFrame>
  );
}
