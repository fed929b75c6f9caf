import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyBody, MessageResponse } from '#shared/contracts/auth.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { apiRequest, messageOf } from '#web/lib/api-client.ts';

export function resendVerification(body: EmailOnlyBody) {
  return apiRequest<MessageResponse>('POST', '/api/auth/resend-verification', body);
}

/** Every screen that offers a resend reports it the same way. */
export function useResendVerification() {
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: (answer) =>
      toast({ title: 'Verification e-mail sent', description: answer.message }),
    onError: (error) =>
      toast({
        title: 'Request failed',
        description: messageOf(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });
}
