import { useMutation } from '@tanstack/react-query';
import type { TestEmailBody, TestEmailResponse } from '#shared/contracts/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function sendTestEmail(body: TestEmailBody) {
  return apiRequest<TestEmailResponse>('POST', '/api/admin/test-email', body);
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
