/**
 * Joins class names, skipping the empty ones; it never resolves conflicts between them (no
 * tailwind-merge: 7 KB of the entry page's script, docs/decisions/022-entry-page-bytes.md). So a
 * component's className only adds classes: a class group that callers may change (a spinner's
 * size) is the default of its className, never one of its fixed classes.
 */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
