import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountBrand, BrandFieldsBody } from '#shared/contracts/brand.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { accountBrandQueryKey } from './get-account-brand.ts';

/** A field left out keeps its value, null clears it; the answer is the brand as saved. */
export function updateAccountBrand(body: BrandFieldsBody) {
  return apiRequest<AccountBrand>('PUT', '/api/account/brand', body);
}

export function useUpdateAccountBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountBrand,
    // Every contest shows the account's brand: their cached copies are stale too.
    onSuccess: (brand) => {
      queryClient.setQueryData(accountBrandQueryKey, brand);
      void queryClient.invalidateQueries({ queryKey: ['/api/contests'] });
    },
  });
}
