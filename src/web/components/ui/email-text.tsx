import { cn } from '#web/lib/cn.ts';

/**
 * An e-mail address as text. Where its line is too narrow it wraps before the "@", and only an
 * address longer than a whole line wraps inside (never `break-all`, which splits any word).
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className={cn('wrap-anywhere', className)}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
