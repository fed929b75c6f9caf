import { useQuery } from '@tanstack/react-query';
import type { AccountBrand } from '#shared/contracts/brand.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const accountBrandQueryKey = ['/api/account/brand'] as const;

/** The account's brand: its fields (null where unset) and its logo. */
export function getAccountBrand() {
  return apiRequest<AccountBrand>('GET', '/api/account/brand');
}

export function useAccountBrand() {
  return useQuery({ queryKey: accountBrandQueryKey, queryFn: getAccountBrand });
}
