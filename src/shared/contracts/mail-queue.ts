import { z } from 'zod';

/**
 * Every mail the product sends is a job of the durable queue (docs/decisions/028-durable-mail-queue.md).
 * These contracts describe what the admin's Mail tab and an owner's entry list show of it.
 */

/** Why a mail was sent: the template it was made from. */
export const mailPurposes = [
  'verification',
  'account-exists',
  'reset-link',
  'reset-token',
  'entry-confirmation',
  'entry-receipt',
  'winner-notice',
  'claim-reminder',
  'claim-update',
  'entrant-link',
  'test',
] as const;
export type MailPurpose = (typeof mailPurposes)[number];

/** What became of a mail: waiting its turn, handed over, waiting to try again, or given up. */
export const mailStatuses = ['queued', 'sent', 'retrying', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** The words an admin or an owner reads for each purpose. */
export const mailPurposeLabels: Record<MailPurpose, string> = {
  verification: 'Account verification',
  'account-exists': 'Sign-up with a taken address',
  'reset-link': 'Password reset link',
  'reset-token': 'Password reset token',
  'entry-confirmation': 'Entry confirmation',
  'entry-receipt': 'Entry receipt',
  'winner-notice': 'Winner notice',
  'claim-reminder': 'Claim reminder',
  'claim-update': 'Claim update to the owner',
  'entrant-link': "Link to an entrant's own page",
  test: 'Test email',
};

export const failedMail = z.object({
  id: z.string(),
  purpose: z.enum(mailPurposes),
  recipient: z.string(),
  subject: z.string(),
  attempts: z.number(),
  /** The relay's answer (e.g. "550 5.1.1 mailbox unavailable") or the connection's error code. */
  lastError: z.string().nullable(),
  createdAt: z.coerce.date(),
  updatedAt: z.coerce.date(),
});
export type FailedMail = z.infer<typeof failedMail>;

/** GET /api/admin/mail-queue: the last 24 hours of mail, and every mail that failed in them. */
export const mailQueueResponse = z.object({
  transport: z.enum(['smtp', 'outbox']),
  last24Hours: z.object({
    queued: z.number(),
    sent: z.number(),
    retrying: z.number(),
    failed: z.number(),
  }),
  /** Seconds the oldest mail still waiting (queued or retrying) has waited; null when none waits. */
  oldestWaitingSeconds: z.number().nullable(),
  failed: z.array(failedMail),
});
export type MailQueueResponse = z.infer<typeof mailQueueResponse>;

export const mailRetryParams = z.object({ mailId: z.string().max(100) });

/** POST /api/admin/mail-queue/:mailId/retry and /api/admin/mail-queue/retry-failed. */
export const mailRetryResponse = z.object({ message: z.string(), retried: z.number() });
export type MailRetryResponse = z.infer<typeof mailRetryResponse>;

export const mailQueueMessages = {
  retried: (count: number) =>
    count === 1 ? 'The mail is queued again.' : `${count} mails are queued again.`,
  nothingToRetry: 'There are no failed mails to retry.',
  notFailed: 'This mail has not failed: there is nothing to retry.',
  notFound: 'Mail not found.',
} as const;

/**
 * What an owner sees beside a pending entry: whether its confirmation mail left. Null on an
 * entry that has none (confirmed, imported, or from before the queue).
 */
export const confirmationMailStatus = z.enum(mailStatuses).nullable();
export type ConfirmationMailStatus = z.infer<typeof confirmationMailStatus>;

export const confirmationMailLabels: Record<MailStatus, string> = {
  queued: 'Confirmation email waiting to be sent',
  sent: 'Confirmation email sent',
  retrying: 'Confirmation email delayed: retrying',
  failed: 'Confirmation email could not be delivered',
};
