/** The wheel's slice colours, in order: the brand's violets and ambers, alternating. */
export const WHEEL_COLORS = [
  '#6d28d9',
  '#f59e0b',
  '#8b5cf6',
  '#fbbf24',
  '#7c3aed',
  '#d97706',
  '#a78bfa',
  '#f97316',
] as const;
