import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext, DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import {
  adminAudit,
  contestDraws,
  contestEntries,
  contests,
  users,
  type AdminAction,
  type AdminAuditDetail,
  type Contest,
  type User,
  type UserRole,
} from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { setPassword } from '#server/features/auth/service.ts';
import { deleteUserSessions, type SessionUser } from '#server/features/auth/sessions.ts';
import {
  contestStatusSql,
  deleteContest,
  getManagedContest,
} from '#server/features/contests/service.ts';
import {
  countActiveAdmins,
  createVerifiedUser,
  getUserByEmail,
  markEmailVerified,
  setUserRole,
} from '#server/features/users/service.ts';
import { generatePassword } from '#server/lib/passwords.ts';
import { containsText } from '#server/lib/search.ts';
import { waitForFirstAttempt } from '#server/mail/mail-status.ts';
import { testMail } from '#server/mail/templates.ts';
import {
  adminMessages,
  type AdminAuditItem,
  type AdminContestListItem,
  type AdminContestListQuery,
  type AdminDrawListItem,
  type AdminListQuery,
  type AdminStats,
  type AdminUserListItem,
  type ResetUserPasswordBody,
  type TestEmailResponse,
} from '#shared/contracts/admin.ts';
import { isUuid } from '#shared/contracts/ids.ts';

export type Page<T> = { items: T[]; total: number };

/**
 * Who performs an admin action: the signed-in admin of the panel, or 'cli' for the admin CLI,
 * which acts for whoever can reach the database and so has no account to name (decision 033).
 */
export type AdminActor = SessionUser | 'cli';

const userListColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
  createdAt: users.createdAt,
  emailVerifiedAt: users.emailVerifiedAt,
};

export async function getAdminStats({ db }: DbContext): Promise<AdminStats> {
  const [totalUsers, activeUsers, totalContests, activeContests, totalEntries] = await Promise.all([
    db.$count(users),
    db.$count(users, eq(users.isActive, true)),
    db.$count(contests),
    // Active: taking entries now (docs/product.md#contest-states); a drawn contest is not.
    db.$count(contests, eq(contestStatusSql, 'open')),
    db.$count(contestEntries),
  ]);
  return { totalUsers, activeUsers, totalContests, activeContests, totalEntries };
}

/** One page of accounts, newest first, with the number of all that match. */
export async function listUsers(
  { db }: DbContext,
  query: AdminListQuery,
): Promise<Page<AdminUserListItem>> {
  const filter = containsText(users.email, query.search);
  const [items, total] = await Promise.all([
    db
      .select(userListColumns)
      .from(users)
      .where(filter)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.$count(users, filter),
  ]);
  return { items, total };
}

/** One page of every trainer's contests, newest first, with the number of all that match. */
export async function listContests(
  { db }: DbContext,
  query: AdminContestListQuery,
): Promise<Page<AdminContestListItem>> {
  const filter = and(
    containsText(contests.title, query.search),
    query.status ? eq(contestStatusSql, query.status) : undefined,
  );
  const [items, total] = await Promise.all([
    db
      .select({
        id: contests.id,
        title: contests.title,
        status: contestStatusSql,
        isActive: contests.isActive,
        winnerId: contests.winnerId,
        endDate: contests.endDate,
        entryCount: contests.entryCount,
        trainer: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      })
      .from(contests)
      .innerJoin(users, eq(users.id, contests.ownerId))
      .where(filter)
      .orderBy(desc(contests.createdAt), desc(contests.id))
      .limit(query.limit)
      .offset(query.offset),
    db.$count(contests, filter),
  ]);
  return { items, total };
}

/**
 * One page of every contest's draws and resets, newest first, with the number of all that match.
 * A deleted contest's records are listed too, under the title copied at the draw; the search
 * matches the title now or as copied, so a renamed contest is found by either.
 */
export async function listDrawHistory(
  { db }: DbContext,
  query: AdminListQuery,
): Promise<Page<AdminDrawListItem>> {
  const filter = or(
    containsText(contests.title, query.search),
    containsText(contestDraws.contestTitle, query.search),
  );
  const withContest = eq(contests.id, contestDraws.contestId);
  const [items, [counted]] = await Promise.all([
    db
      .select({
        id: contestDraws.id,
        contestId: contestDraws.contestId,
        contestTitle: sql<string>`coalesce(${contests.title}, ${contestDraws.contestTitle})`,
        contestOwnerEmail: contestDraws.contestOwnerEmail,
        contestDeleted: sql<boolean>`${contests.id} is null`,
        action: contestDraws.action,
        entrantName: contestDraws.entrantName,
        entrantEmail: contestDraws.entrantEmail,
        reason: contestDraws.reason,
        entryCount: contestDraws.entryCount,
        actorEmail: users.email,
        createdAt: contestDraws.createdAt,
      })
      .from(contestDraws)
      .leftJoin(contests, withContest)
      .leftJoin(users, eq(users.id, contestDraws.actorId))
      .where(filter)
      .orderBy(desc(contestDraws.createdAt), desc(contestDraws.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(contestDraws).leftJoin(contests, withContest).where(filter),
  ]);
  return { items, total: counted?.total ?? 0 };
}

async function getUserById(db: Db, userId: string): Promise<User> {
  // Any id that is not a uuid simply names no user (as contest ids do).
  const [user] = isUuid(userId)
    ? await db.select().from(users).where(eq(users.id, userId)).limit(1)
    : [];
  if (!user) throw new AppError('NOT_FOUND', adminMessages.userNotFound);
  return user;
}

function toUserListItem(user: User): AdminUserListItem {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    isActive: user.isActive,
    createdAt: user.createdAt,
    emailVerifiedAt: user.emailVerifiedAt,
  };
}

/**
 * Locks the active admins' rows until the transaction ends: two admins removing each other at
 * the same moment are serialised, so the count that protects the last admin stays true.
 */
async function lockActiveAdmins(tx: Db): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .for('update');
}

export async function changeUserRole(
  { db }: DbContext,
  actor: AdminActor,
  userId: string,
  role: UserRole,
): Promise<AdminUserListItem> {
  // An admin who could demote themself could lock everyone out by a slip of the mouse.
  if (actor !== 'cli' && userId === actor.id && role !== 'admin') {
    throw new AppError('CANNOT_CHANGE_SELF', adminMessages.cannotDemoteSelf);
  }
  return db.transaction(async (tx) => {
    await lockActiveAdmins(tx);
    const target = await getUserById(tx, userId);
    await setUserRole({ db: tx }, target, role);
    await recordAdminAction(tx, actor, 'role_changed', { user: target }, { role });
    return toUserListItem({ ...target, role });
  });
}

/** Deactivating also ends every session of the user: they are out at once, not at expiry. */
export async function changeUserStatus(
  { db }: DbContext,
  actor: SessionUser,
  userId: string,
  isActive: boolean,
): Promise<AdminUserListItem> {
  if (userId === actor.id && !isActive) {
    throw new AppError('CANNOT_CHANGE_SELF', adminMessages.cannotDeactivateSelf);
  }
  return db.transaction(async (tx) => {
    await lockActiveAdmins(tx);
    const target = await getUserById(tx, userId);
    const removesAnActiveAdmin = !isActive && target.isActive && target.role === 'admin';
    if (removesAnActiveAdmin && (await countActiveAdmins({ db: tx })) <= 1) {
      throw new AppError('LAST_ADMIN', adminMessages.lastAdmin);
    }
    await tx.update(users).set({ isActive }).where(eq(users.id, target.id));
    if (!isActive) await deleteUserSessions(tx, target.id);
    await recordAdminAction(tx, actor, 'status_changed', { user: target }, { isActive });
    return toUserListItem({ ...target, isActive });
  });
}

/** Any trainer's contest, with its entries; its draw history stays (decision 016). */
export async function deleteAnyContest(
  { db }: DbContext,
  actor: SessionUser,
  contestId: string,
): Promise<void> {
  const contest = await getManagedContest({ db }, contestId, actor);
  await db.transaction(async (tx) => {
    await deleteContest({ db: tx }, actor, contest.id);
    await recordAdminAction(tx, actor, 'contest_deleted', { contest }, {});
  });
}

/** For users whose verification mail never arrived. */
export async function verifyEmailDirectly(
  { db }: DbContext,
  actor: AdminActor,
  email: string,
): Promise<User> {
  const target = await getUserByEmail({ db }, email);
  await db.transaction(async (tx) => {
    await markEmailVerified({ db: tx }, target.id);
    await recordAdminAction(tx, actor, 'email_verified', { user: target }, {});
  });
  return target;
}

/** A password chosen by the admin; hashed, and the user is signed out everywhere. */
export async function resetPasswordDirectly(
  { db }: DbContext,
  actor: AdminActor,
  input: ResetUserPasswordBody,
): Promise<User> {
  const target = await getUserByEmail({ db }, input.email);
  await db.transaction(async (tx) => {
    await setPassword({ db: tx }, target.id, input.newPassword);
    await recordAdminAction(tx, actor, 'password_reset', { user: target }, {});
  });
  return target;
}

/** The admin CLI's create-admin: a verified admin account, and its audit row, or neither. */
export async function createAdminAccount(
  { db }: DbContext,
  actor: AdminActor,
  input: { email: string; password: string; firstName: string; lastName: string },
): Promise<User> {
  return db.transaction(async (tx) => {
    const user = await createVerifiedUser({ db: tx }, { ...input, role: 'admin' });
    await recordAdminAction(tx, actor, 'admin_created', { user }, { role: 'admin' });
    return user;
  });
}

/**
 * No built-in default password (docs/product.md#security-and-fairness): a random one, returned
 * once to the admin and stored only as a hash; the user is signed out everywhere.
 */
export async function setTemporaryPassword(
  { db }: DbContext,
  actor: SessionUser,
  userId: string,
): Promise<{ user: User; temporaryPassword: string }> {
  const target = await getUserById(db, userId);
  const temporaryPassword = generatePassword();
  await db.transaction(async (tx) => {
    await setPassword({ db: tx }, target.id, temporaryPassword);
    await recordAdminAction(tx, actor, 'temporary_password', { user: target }, {});
  });
  return { user: target, temporaryPassword };
}

/**
 * An admin who downloads another owner's leads leaves a record (the owner's own exports do
 * not); like every audit row it outlives the contest (decision 016).
 */
export async function recordEntriesExport({ db }: DbContext, actor: SessionUser, contest: Contest) {
  if (actor.role !== 'admin' || actor.id === contest.ownerId) return;
  await recordAdminAction(db, actor, 'entries_exported', { contest }, {});
}

/**
 * Written in the action's own transaction: no action without its record. The target's e-mail or
 * title is copied, so the record still reads well after the account or contest is gone.
 */
async function recordAdminAction(
  tx: Db,
  actor: AdminActor,
  action: AdminAction,
  target: { user: User } | { contest: { id: string; title: string } },
  detail: AdminAuditDetail,
): Promise<void> {
  const via = actor === 'cli' ? 'cli' : 'panel';
  await tx.insert(adminAudit).values({
    actorId: actor === 'cli' ? null : actor.id,
    action,
    ...('user' in target
      ? {
          targetUserId: target.user.id,
          detail: { via, ...detail, targetEmail: target.user.email },
        }
      : {
          targetContestId: target.contest.id,
          detail: { via, ...detail, contestTitle: target.contest.title },
        }),
    // Strictly after the previous record: PGlite's clock counts whole milliseconds, and "newest
    // first" must not depend on the order of equal times.
    createdAt: sql`greatest(clock_timestamp(), (select max(${adminAudit.createdAt}) + interval '1 millisecond' from ${adminAudit}))`,
  });
}

export async function listAdminActions(
  { db }: DbContext,
  limit: number,
): Promise<AdminAuditItem[]> {
  const actor = alias(users, 'actor');
  const targetUser = alias(users, 'target_user');
  const rows = await db
    .select({
      id: adminAudit.id,
      action: adminAudit.action,
      actorEmail: actor.email,
      targetEmail: targetUser.email,
      detail: adminAudit.detail,
      createdAt: adminAudit.createdAt,
    })
    .from(adminAudit)
    .leftJoin(actor, eq(actor.id, adminAudit.actorId))
    .leftJoin(targetUser, eq(targetUser.id, adminAudit.targetUserId))
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(limit);
  return rows.map(({ targetEmail, detail, ...row }) => ({
    ...row,
    target: targetEmail ?? detail.targetEmail ?? detail.contestTitle ?? null,
    via: detail.via ?? 'panel',
    role: detail.role ?? null,
    isActive: detail.isActive ?? null,
  }));
}

/** How long the e-mail debug tool waits for the queue's first attempt at its mail. */
const TEST_MAIL_WAIT_MS = 20_000;

/**
 * Queues the e-mail debug tool's mail and waits for the queue's first attempt, to tell what the
 * transport did. Unlike other mails, a failure is the answer here: the admin needs the relay's
 * own words to fix the setup.
 */
export async function sendTestEmail(
  ctx: AppContext,
  admin: SessionUser,
  email: string,
): Promise<TestEmailResponse> {
  const [mailId] = await ctx.mail.queue(ctx.db, [
    { ...testMail(email, admin.email, new Date()), purpose: 'test' },
  ]);
  const outcome = await waitForFirstAttempt(ctx.db, mailId!, TEST_MAIL_WAIT_MS);
  if (outcome.status === 'sent') {
    return {
      message: adminMessages.testEmailSent(email, ctx.mail.transportKind),
      transport: ctx.mail.transportKind,
    };
  }
  ctx.log.warn({ mailId, status: outcome.status }, 'test email not delivered');
  throw new AppError(
    'MAIL_RELAY_FAILED',
    outcome.status === 'queued'
      ? adminMessages.testEmailStillQueued
      : adminMessages.testEmailRefused(
          outcome.lastError ?? 'the transport failed.',
          outcome.status === 'retrying',
        ),
  );
}
