import { useMemo, useState } from 'react';
import type { ContestImage, ImageKind } from '#shared/contracts/contest-images.ts';
import { ApiError, isUnauthorizedError, messageOf } from '#web/lib/api-client.ts';
import { redirectToLogin } from '#web/lib/unauthorized.ts';
import { useDeleteContestImage } from '../api/delete-contest-image.ts';
import { useUploadContestImage } from '../api/upload-contest-image.ts';
import { imageFileProblem } from './image-file-check.ts';
import {
  forgetUnsentImage,
  keepUnsentImage,
  unsentImage,
  type ChosenImage,
} from './unsent-images.ts';

const UPLOAD_FAILED = 'The picture could not be uploaded. Please try again.';
const REMOVE_FAILED = 'The picture could not be removed. Please try again.';

/** The picture's size, or 0 x 0 when this browser cannot read it. */
async function readSize(file: File): Promise<{ width: number; height: number }> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    // The server judges what an image is: the file is sent all the same, and refused there.
    return { width: 0, height: 0 };
  }
}

function failureMessage(failure: unknown, fallback: string): string {
  if (isUnauthorizedError(failure)) redirectToLogin();
  return messageOf(failure, fallback);
}

/** The saved contest a picture goes straight to; none in the builder, before it exists. */
type Target = { contestId: string; saved: ContestImage | null };

/**
 * One picture field (a cover or a logo): what the owner chose, its upload and removal, and what
 * the field and the live preview show. On the edit page a chosen picture is uploaded at once; in
 * the builder it waits for `sendTo` once the contest is created.
 */
export function useImageChoice(kind: ImageKind, target?: Target) {
  const contestId = target?.contestId;
  const [initial] = useState(() => (contestId ? unsentImage(contestId, kind) : undefined));
  const [chosen, setChosen] = useState<(ChosenImage & { isSent: boolean }) | null>(
    initial ? { ...initial, isSent: false } : null,
  );
  const [error, setError] = useState<string | null>(initial?.message ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  /** The saved picture just removed, hidden until the contest is read again. */
  const [removedUrl, setRemovedUrl] = useState<string | null>(null);
  const upload = useUploadContestImage(setProgress);
  const removal = useDeleteContestImage();

  // Not revoked: a picked file is a handle on the owner's disk, not its bytes, so the address
  // costs next to nothing until the page closes, and revoking it from an effect would break the
  // picture when React remounts the field.
  const file = chosen?.file;
  const saved = target?.saved && target.saved.url !== removedUrl ? target.saved : null;
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);

  async function send(id: string, picked: ChosenImage): Promise<string | null> {
    setError(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ contestId: id, kind, file: picked.file });
      setChosen({ ...picked, isSent: true });
      forgetUnsentImage(id, kind);
      return null;
    } catch (failure) {
      const message = failureMessage(failure, UPLOAD_FAILED);
      setError(message);
      keepUnsentImage(id, kind, { ...picked, message });
      return message;
    } finally {
      setProgress(null);
    }
  }

  async function choose(picked: File) {
    const problem = imageFileProblem(picked);
    setError(problem);
    if (problem) return;
    const next = { file: picked, ...(await readSize(picked)) };
    setChosen({ ...next, isSent: false });
    if (contestId) await send(contestId, next);
  }

  async function remove() {
    setError(null);
    if (contestId && (saved || chosen?.isSent)) {
      try {
        await removal.mutateAsync({ contestId, kind });
      } catch (failure) {
        // Already gone (removed in another tab): what the owner asked for.
        if (!(failure instanceof ApiError && failure.status === 404)) {
          setError(failureMessage(failure, REMOVE_FAILED));
          return;
        }
      }
      if (saved) setRemovedUrl(saved.url);
    }
    if (contestId) forgetUnsentImage(contestId, kind);
    setChosen(null);
  }

  /** What the field and the preview show: the chosen picture, else the saved one. */
  const image: ContestImage | null =
    chosen && url
      ? chosen.width > 0
        ? { url, width: chosen.width, height: chosen.height, renditions: [] }
        : null
      : saved;
  return {
    image,
    /** The chosen file's name, for a picture this browser cannot show. */
    fileName: chosen?.file.name ?? null,
    hasPicture: Boolean(chosen ?? saved),
    progress,
    error,
    isBusy: upload.isPending || removal.isPending,
    choose: (picked: File) => void choose(picked),
    remove: () => void remove(),
    /** After a failed upload to a saved contest: the same file again. */
    retry:
      contestId && chosen && !chosen.isSent && error ? () => void send(contestId, chosen) : null,
    /** The builder's, once the contest exists: the server's refusal, or null (nothing to send). */
    sendTo: (id: string) => (chosen && !chosen.isSent ? send(id, chosen) : Promise.resolve(null)),
  };
}

export type ImageChoice = ReturnType<typeof useImageChoice>;
