import { useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import {
  CONFIRM_TOKEN_FIELD,
  confirmRefusalOf,
  type ConfirmEntryView,
} from '#shared/contracts/entry-confirmation.ts';
import { ApiError, messageOf } from '#web/lib/api-client.ts';
import { confirmEntry } from '../api/confirm-entry.ts';
import { ConfirmEntryScreen } from '../components/confirm-entry-screen.tsx';
import { rememberConfirmed } from '../lib/entry-memory.ts';

/**
 * /entries/confirm?token=… reached inside the app (the server answers the mailed link with its
 * own rendering of the same page). It shows the button and sends nothing until it is pressed;
 * the confirmation then goes through the API, and this device's entry page stops asking the
 * entrant to check their inbox.
 */
export function ConfirmEntryPage() {
  const token = new URLSearchParams(useSearch()).get(CONFIRM_TOKEN_FIELD) ?? '';
  const [view, setView] = useState<ConfirmEntryView>(
    token
      ? { kind: 'ask', token, contest: null }
      : { kind: 'refused', refusal: 'invalid', contest: null },
  );
  const [isSending, setIsSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    setIsSending(true);
    setFailure(null);
    try {
      const confirmation = await confirmEntry(token);
      rememberConfirmed(confirmation.contestId, confirmation.entry.id);
      setView({ kind: 'confirmed', confirmation });
    } catch (error) {
      const refusal =
        error instanceof ApiError ? confirmRefusalOf(error.code, error.serverMessage ?? '') : null;
      if (refusal) setView({ kind: 'refused', refusal, contest: null });
      else setFailure(messageOf(error, 'Check your connection and try again.'));
    } finally {
      setIsSending(false);
    }
  }

  return (
    <ConfirmEntryScreen
      view={view}
      onSubmit={(event) => void confirm(event)}
      isSending={isSending}
      failure={failure}
    />
  );
}
