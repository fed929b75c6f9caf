import { z } from 'zod';
import { signupBody } from './auth.ts';
import { contestStatus } from './contests.ts';
import { drawActions } from './draws.ts';

/** One contract per admin endpoint: the server validates with it, the admin screens reuse it. */

// The admin and database reset forms check e-mails and passwords by the sign-up rules
// (docs/product.md#validation-rules): an admin cannot set a password a user could not.
const email = signupBody.shape.email;
const newPassword = signupBody.shape.password;

export const ADMIN_LIST_DEFAULT_LIMIT = 100;
/** A page never grows past this: 100,000 accounts must not become one answer. */
export const ADMIN_LIST_MAX_LIMIT = 500;
export const ADMIN_AUDIT_DEFAULT_LIMIT = 20;
export const ADMIN_AUDIT_MAX_LIMIT = 200;

/** Lists answer one page as the body; the number of all matches rides in this header. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

const searchText = z
  .string()
  .trim()
  .max(200, 'Search text is too long')
  // A NUL character cannot reach PostgreSQL as text: refused, not a 500.
  .regex(/^[^\0]*$/, 'Invalid search')
  .optional();

export const adminListQuery = z.object({
  search: searchText,
  limit: z.coerce.number().int().min(1).max(ADMIN_LIST_MAX_LIMIT).default(ADMIN_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type AdminListQuery = z.output<typeof adminListQuery>;

/** The contests list also filters by status (docs/product.md#contest-states). */
export const adminContestListQuery = adminListQuery.extend({
  status: contestStatus.optional(),
});
export type AdminContestListQuery = z.output<typeof adminContestListQuery>;

export const adminAuditQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_AUDIT_MAX_LIMIT)
    .default(ADMIN_AUDIT_DEFAULT_LIMIT),
});

export const adminUserParams = z.object({ userId: z.string().max(100) });
export const adminContestParams = z.object({ id: z.string().max(100) });

export const setUserRoleBody = z.object({
  role: z.enum(['user', 'admin'], { error: "Role must be 'user' or 'admin'" }),
});
export type SetUserRoleBody = z.infer<typeof setUserRoleBody>;

export const setUserStatusBody = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type SetUserStatusBody = z.infer<typeof setUserStatusBody>;

/** Direct verification: /api/admin/verify-email-direct and /api/auth/verify-manual. */
export const verifyEmailDirectBody = z.object({ email });
export type VerifyEmailDirectBody = z.infer<typeof verifyEmailDirectBody>;

/** The e-mail debug tool: one test mail through the configured transport. */
export const testEmailBody = z.object({ email });
export type TestEmailBody = z.infer<typeof testEmailBody>;

export const testEmailResponse = z.object({
  message: z.string(),
  transport: z.enum(['smtp', 'outbox']),
});
export type TestEmailResponse = z.infer<typeof testEmailResponse>;

/** Direct reset: /api/admin/reset-user-password and /api/database/reset-password. */
export const resetUserPasswordBody = z.object({ email, newPassword });
export type ResetUserPasswordBody = z.infer<typeof resetUserPasswordBody>;

/**
 * The admin and database reset forms: the confirmation stays in the browser, the server gets
 * resetUserPasswordBody.
 */
export const resetUserPasswordForm = resetUserPasswordBody
  .extend({
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password'),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetUserPasswordForm = z.infer<typeof resetUserPasswordForm>;

export const adminStats = z.object({
  totalUsers: z.number(),
  activeUsers: z.number(),
  totalContests: z.number(),
  activeContests: z.number(),
  totalEntries: z.number(),
});
export type AdminStats = z.infer<typeof adminStats>;

export const adminUserListItem = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  isActive: z.boolean(),
  createdAt: z.coerce.date(),
  emailVerifiedAt: z.coerce.date().nullable(),
});
export type AdminUserListItem = z.infer<typeof adminUserListItem>;

export const adminContestListItem = z.object({
  id: z.string(),
  title: z.string(),
  status: contestStatus,
  isActive: z.boolean(),
  winnerId: z.string().nullable(),
  endDate: z.coerce.date(),
  entryCount: z.number(),
  trainer: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
  }),
});
export type AdminContestListItem = z.infer<typeof adminContestListItem>;

/** One draw, disqualification or reset of any contest, a deleted one's too (decision 016). */
export const adminDrawListItem = z.object({
  id: z.string(),
  contestId: z.string(),
  /** The contest's title; once it is deleted, the title it had at this draw. */
  contestTitle: z.string(),
  contestOwnerEmail: z.string(),
  contestDeleted: z.boolean(),
  action: z.enum(drawActions),
  /** The winner drawn, picked or reset, as copied at the time. */
  entrantName: z.string().nullable(),
  entrantEmail: z.string().nullable(),
  /** A disqualification's public reason. */
  reason: z.string().nullable(),
  /** How many entries were in the draw. */
  entryCount: z.number(),
  /** Who drew or reset; null once their account is deleted. */
  actorEmail: z.string().nullable(),
  createdAt: z.coerce.date(),
});
export type AdminDrawListItem = z.infer<typeof adminDrawListItem>;

export const inspectResponse = z.object({
  users: z.array(adminUserListItem),
  totalUsers: z.number(),
});
export type InspectResponse = z.infer<typeof inspectResponse>;

/** The answer of verify and reset calls; the screens show user.email in their toasts. */
export const adminUserActionResponse = z.object({
  message: z.string(),
  user: z.object({ email: z.string() }),
});
export type AdminUserActionResponse = z.infer<typeof adminUserActionResponse>;

/** The answer of role and status changes: the changed row, for the list to show. */
export const adminUserChangeResponse = z.object({
  message: z.string(),
  user: adminUserListItem,
});
export type AdminUserChangeResponse = z.infer<typeof adminUserChangeResponse>;

/** Shown once to the admin who asked; the server keeps only its hash. */
export const temporaryPasswordResponse = z.object({
  message: z.string(),
  user: z.object({ email: z.string() }),
  temporaryPassword: z.string(),
});
export type TemporaryPasswordResponse = z.infer<typeof temporaryPasswordResponse>;

export const adminAuditActions = [
  'role_changed',
  'status_changed',
  'password_reset',
  'temporary_password',
  'email_verified',
  'contest_deleted',
  // An admin downloading the leads of a contest that is not theirs.
  'entries_exported',
  // Only the admin CLI creates accounts outright (decision 033).
  'admin_created',
] as const;

/**
 * Where an admin action came from: the admin panel (a signed-in admin, any row written before
 * the CLI was audited too) or the admin CLI, run by whoever can reach the database (decision 033).
 */
export const adminActionSources = ['panel', 'cli'] as const;
export type AdminActionSource = (typeof adminActionSources)[number];

export const adminAuditItem = z.object({
  id: z.string(),
  action: z.enum(adminAuditActions),
  /** Null once the acting admin's account is deleted, and for the CLI, which has no account. */
  actorEmail: z.string().nullable(),
  via: z.enum(adminActionSources),
  /** The target user's e-mail or the contest's title, as it was at the time. */
  target: z.string().nullable(),
  /** What a role or status change set; null for the other actions. */
  role: z.enum(['user', 'admin']).nullable(),
  isActive: z.boolean().nullable(),
  createdAt: z.coerce.date(),
});
export type AdminAuditItem = z.infer<typeof adminAuditItem>;

/** Server answers that the admin screens show verbatim. */
export const adminMessages = {
  roleUpdated: (email: string, role: string) =>
    `${email} is now ${role === 'admin' ? 'an admin' : 'a user'}.`,
  statusUpdated: (email: string, isActive: boolean) =>
    `${email} is now ${isActive ? 'active' : 'inactive'}.`,
  contestDeleted: 'Contest has been successfully deleted.',
  emailVerified: (email: string) => `Successfully verified ${email}`,
  passwordReset: (email: string) => `Password reset for ${email}`,
  temporaryPassword: (email: string) =>
    `Temporary password set for ${email}. It is shown only once; their sessions have ended.`,
  testEmailSent: (email: string, transport: 'smtp' | 'outbox') =>
    transport === 'smtp'
      ? `The mail server accepted the test email for ${email}.`
      : `No SMTP_URL is set: the test email for ${email} is in the outbox and the server log.`,
  testEmailRefused: (detail: string, willRetry = false) =>
    `The mail server did not accept the test email: ${detail}${willRetry ? ' (it will be tried again; see the Mail tab)' : ''}`,
  testEmailStillQueued:
    'The test email is still waiting in the queue: no worker has taken it yet. See the Mail tab.',
  userNotFound: 'User not found',
  cannotDemoteSelf: 'You cannot remove your own admin role.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  lastAdmin: 'The last admin cannot be removed.',
} as const;
