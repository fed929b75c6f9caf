import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';

const REMEMBERED_ADMIN_EMAIL_KEY = 'prizewheel:admin-email';

/** Kept on this device after an admin signs in, to prefill the admin forms next time. */
export function rememberAdminEmail(email: string) {
  try {
    localStorage.setItem(REMEMBERED_ADMIN_EMAIL_KEY, email);
  } catch {
    // Storage may be full or disabled (private mode): the form is simply not prefilled.
  }
}

function rememberedAdminEmail(): string {
  try {
    return localStorage.getItem(REMEMBERED_ADMIN_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * The address an admin form starts with. There is no hard-coded admin address
 * (docs/product.md#security-and-fairness), so: the page's ?email=, else the signed-in admin's
 * own address, else the last admin address used on this device.
 */
export function useDefaultEmail(): string {
  const { data: user } = useCurrentUser();
  const fromQuery = new URLSearchParams(window.location.search).get('email');
  return fromQuery ?? (user?.role === 'admin' ? user.email : rememberedAdminEmail());
}
