/** The admin sign-in, asked to come back to the page the visitor is on. */
export function adminLoginHref(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return here === '/quick-admin' ? here : `/quick-admin?next=${encodeURIComponent(here)}`;
}

/**
 * Where the admin sign-in goes on success: the page that sent the visitor, if it is one of
 * ours (a path, never another site), else the admin panel (docs/product.md#admin-screens).
 */
export function afterAdminLogin(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/(?!\/)/.test(next) && !next.startsWith('/quick-admin') ? next : '/admin';
}
