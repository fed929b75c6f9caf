import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountBrand } from '#shared/contracts/brand.ts';
import type { UploadedImage } from '#shared/contracts/contest-images.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { accountBrandQueryKey } from './get-account-brand.ts';

/**
 * Sends the logo as the `file` part of a multipart body (apiRequest sends JSON only); a refusal
 * (not an image, too large, too many uploads) is an ApiError with the server's message.
 */
export async function uploadAccountLogo(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/account/brand/logo', {
      method: 'POST',
      credentials: 'include',
      body,
    });
  } catch {
    throw new ApiError(0, JSON.stringify({ message: 'Network error: check your connection.' }));
  }
  if (!response.ok) throw new ApiError(response.status, await response.text());
  return (await response.json()) as UploadedImage;
}

export function useUploadAccountLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAccountLogo,
    onSuccess: (logo) => {
      queryClient.setQueryData<AccountBrand>(accountBrandQueryKey, (brand) =>
        brand ? { ...brand, logo } : brand,
      );
      void queryClient.invalidateQueries({ queryKey: ['/api/contests'] });
    },
  });
}
