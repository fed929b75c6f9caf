import { Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import type { AdminUserListItem, TemporaryPasswordResponse } from '#shared/contracts/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useSetTemporaryPassword } from '../api/set-temporary-password.ts';

/**
 * User management's Reset Password: a random temporary password from the server, never a default
 * built into the client (docs/product.md#security-and-fairness), shown here once and never again.
 */
export function TemporaryPasswordButton({ user }: { user: AdminUserListItem }) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<TemporaryPasswordResponse | null>(null);
  const reset = useSetTemporaryPassword();
  const close = (next: boolean) => {
    setOpen(next);
    // Closing forgets the password: the dialog shows it only once.
    if (!next) setResult(null);
  };
  const confirm = () =>
    reset.mutate(user.id, {
      onSuccess: (answer) => {
        setResult(answer);
        toast({ title: 'Password Reset', description: `Password reset for ${answer.user.email}` });
      },
      onError: (error) => reportFailure(error, 'Reset Failed', 'Failed to reset user password.'),
    });
  const copy = async (password: string) => {
    try {
      await navigator.clipboard.writeText(password);
      toast({
        title: 'Password Copied',
        description: 'The temporary password is on your clipboard.',
      });
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Select the password and copy it by hand.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Reset Password: ${user.email}`}>
          <KeyRound aria-hidden />
          Reset Password
        </Button>
      </DialogTrigger>
      {result ? (
        <DialogContent
          title="Temporary password"
          description={`Give this password to ${result.user.email} over a channel you trust. It is shown only once; their sessions have ended.`}
        >
          <div className="flex items-center gap-2 rounded-lg border border-border bg-muted p-3">
            <code
              className="min-w-0 flex-1 break-all font-mono text-base"
              data-testid="temporary-password"
            >
              {result.temporaryPassword}
            </code>
            <Button size="sm" variant="outline" onClick={() => void copy(result.temporaryPassword)}>
              <Copy aria-hidden />
              Copy
            </Button>
          </div>
          <div className="flex justify-end">
            <Button onClick={() => close(false)}>Done</Button>
          </div>
        </DialogContent>
      ) : (
        <DialogContent
          role="alertdialog"
          title="Reset password?"
          description={`${user.email} gets a new random temporary password and is signed out everywhere. Their current password stops working.`}
        >
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button disabled={reset.isPending} onClick={confirm}>
              {reset.isPending ? 'Resetting...' : 'Reset Password'}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
