import { Link } from 'wouter';
import { PRODUCT_NAME } from '#shared/constants.ts';
import { cn } from '#web/lib/cn.ts';
import { LogoMark } from './logo-mark.tsx';

export function Logo({ className }: { className?: string }) {
  return (
    <Link
      href="/"
      className={cn(
        'tap-target inline-flex items-center gap-2 text-lg font-extrabold tracking-tight',
        className,
      )}
    >
      <LogoMark />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
