import { useState } from 'react';
import type { UploadedImage } from '#shared/contracts/contest-images.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { isUnauthorizedError, messageOf } from '#web/lib/api-client.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useDeleteAccountLogo } from '../api/delete-account-logo.ts';
import { useUploadAccountLogo } from '../api/upload-account-logo.ts';
import { ImagePicker } from './image-picker.tsx';

/**
 * The account's logo, saved as soon as it is picked or removed (it is not part of the form's
 * Save): the server's refusal (not an image, too large, too many uploads) shows under it.
 */
export function LogoField({ logo }: { logo: UploadedImage | null }) {
  const upload = useUploadAccountLogo();
  const remove = useDeleteAccountLogo();
  const [error, setError] = useState<string>();

  function failed(failure: unknown, fallback: string) {
    if (isUnauthorizedError(failure)) reportFailure(failure, fallback, fallback);
    else setError(messageOf(failure, fallback));
  }

  return (
    <ImagePicker
      label="Logo"
      hint="Square works best; it shows at 40 px beside your business name."
      image={logo}
      isBusy={upload.isPending || remove.isPending}
      error={error}
      onPick={(file) => {
        setError(undefined);
        upload.mutate(file, {
          onSuccess: () => toast({ title: 'Logo saved', variant: 'success' }),
          onError: (failure) => failed(failure, 'Could not upload the logo.'),
        });
      }}
      onRemove={() => {
        setError(undefined);
        remove.mutate(undefined, {
          onSuccess: () => toast({ title: 'Logo removed', variant: 'success' }),
          onError: (failure) => failed(failure, 'Could not remove the logo.'),
        });
      }}
    />
  );
}
