/**
 * The wheel mark alone: no router, so the entry page can show it. className replaces the default
 * size (size-8).
 */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={className}>
      <circle cx="16" cy="16" r="15" fill="#6d28d9" />
      <path d="M16 16 16 1A15 15 0 0 1 29 8.5Z" fill="#f59e0b" />
      <path d="M16 16 29 23.5A15 15 0 0 1 16 31Z" fill="#a78bfa" />
      <path d="M16 16 3 23.5A15 15 0 0 1 3 8.5Z" fill="#fbbf24" />
      <circle cx="16" cy="16" r="3.5" fill="#fff" />
    </svg>
  );
}
