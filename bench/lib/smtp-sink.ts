/**
 * A local SMTP relay in a process of its own, so that its CPU can be measured apart from the
 * server's: started with `fork`, it reports its port, then answers each 'count' message with
 * the number of messages and distinct Message-IDs it has received.
 */
import { startSmtpCatcher } from '#server/testing/smtp-catcher.ts';

const catcher = await startSmtpCatcher();
process.send!({ port: catcher.port });
process.on('message', (message) => {
  if (message === 'count') {
    process.send!({ received: catcher.received.length, distinct: catcher.messageIds().size });
  }
});
process.on('disconnect', () => void catcher.close().then(() => process.exit(0)));
