import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { mails } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { readMailQueue } from '#server/mail/mail-status.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import {
  mailQueueMessages,
  type MailQueueResponse,
  type MailRetryResponse,
} from '#shared/contracts/mail-queue.ts';

/** The admin's Mail tab: the last 24 hours of the queue and every failed mail. */
export function getMailQueue(ctx: AppContext): Promise<MailQueueResponse> {
  return readMailQueue(ctx.db, ctx.mail.transportKind);
}

/** Queues one failed mail again, under the same Message-ID. */
export async function retryFailedMail(ctx: AppContext, mailId: string): Promise<MailRetryResponse> {
  if (!isUuid(mailId)) throw new AppError('NOT_FOUND', mailQueueMessages.notFound);
  const retried = await ctx.mail.retryFailed(ctx.db, [mailId]);
  if (retried === 0) {
    const [mail] = await ctx.db.select({ id: mails.id }).from(mails).where(eq(mails.id, mailId));
    throw mail
      ? new AppError('MAIL_NOT_FAILED', mailQueueMessages.notFailed)
      : new AppError('NOT_FOUND', mailQueueMessages.notFound);
  }
  return { message: mailQueueMessages.retried(retried), retried };
}

/** Queues every failed mail again ("Retry all failed"). */
export async function retryAllFailedMails(ctx: AppContext): Promise<MailRetryResponse> {
  const retried = await ctx.mail.retryFailed(ctx.db);
  return {
    message: retried === 0 ? mailQueueMessages.nothingToRetry : mailQueueMessages.retried(retried),
    retried,
  };
}
