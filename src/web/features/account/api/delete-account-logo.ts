import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountBrand } from '#shared/contracts/brand.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { accountBrandQueryKey } from './get-account-brand.ts';

export function deleteAccountLogo() {
  return apiRequest<void>('DELETE', '/api/account/brand/logo');
}

export function useDeleteAccountLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccountLogo,
    onSuccess: () => {
      queryClient.setQueryData<AccountBrand>(accountBrandQueryKey, (brand) =>
        brand ? { ...brand, logo: null } : brand,
      );
      void queryClient.invalidateQueries({ queryKey: ['/api/contests'] });
    },
  });
}
