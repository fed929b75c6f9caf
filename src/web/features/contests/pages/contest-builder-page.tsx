import { useState } from 'react';
import { useLocation } from 'wouter';
import { createContestForm } from '#shared/contracts/contest-form.ts';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { RequireUser } from '#web/features/auth/components/require-user.tsx';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useCreateContest } from '../api/create-contest.ts';
import {
  ContestFields,
  emptyContestForm,
  showServerFieldErrors,
  useContestForm,
} from '../components/contest-form.tsx';
import { ContestImageFields, useContestImageChoices } from '../components/contest-image-fields.tsx';
import { EntryPreview, WithPreview } from '../components/entry-preview.tsx';
import { opensLater, publishedText } from '../lib/opening.ts';

export function ContestBuilderPage() {
  return <RequireUser>{() => <ContestBuilder />}</RequireUser>;
}

function ContestBuilder() {
  const [, navigate] = useLocation();
  const create = useCreateContest();
  const form = useContestForm(createContestForm, emptyContestForm);
  const images = useContestImageChoices();
  const [openedAt] = useState(() => new Date());
  const [savingAs, setSavingAs] = useState<'draft' | 'live' | null>(null);
  const [isSendingImages, setIsSendingImages] = useState(false);
  const isSaving = create.isPending || isSendingImages;

  const save = (isActive: boolean) =>
    form.handleSubmit(async (body) => {
      setSavingAs(isActive ? 'live' : 'draft');
      try {
        const contest = await create.mutateAsync({
          ...body,
          endDate: body.endDate.toISOString(),
          startDate: body.startDate ? body.startDate.toISOString() : null,
          isActive,
        });
        // The contest exists now: the chosen pictures go to it before leaving the page. One the
        // server refuses waits on the edit page with its reason; the contest stays created.
        setIsSendingImages(true);
        const refusals = await images.sendTo(contest.id);
        if (refusals.length > 0) {
          toast({
            title: isActive ? 'Contest Created' : 'Draft Saved',
            description: `The picture was not uploaded: ${refusals[0]}`,
            variant: 'destructive',
          });
          navigate(`/contest-edit/${contest.id}`);
          return;
        }
        toast({
          title: isActive ? 'Contest Created!' : 'Draft Saved',
          description: !isActive
            ? 'Your draft is saved. Publish it from its dashboard when you are ready.'
            : opensLater(contest)
              ? publishedText(contest)
              : 'Your contest has been created successfully.',
          variant: 'success',
        });
        navigate(`/dashboard/${contest.id}`);
      } catch (error) {
        showServerFieldErrors(form, error);
        reportFailure(error, 'Error', 'Failed to create contest');
      } finally {
        setSavingAs(null);
        setIsSendingImages(false);
      }
    });

  const pending = isSendingImages ? 'Uploading photo...' : null;
  return (
    <PageFrame title="Create a New Contest" width="max-w-6xl">
      <WithPreview
        preview={<EntryPreview form={form} cover={images.cover.image} logo={images.logo.image} />}
      >
        <Card>
          <CardContent>
            <form onSubmit={save(true)} noValidate className="grid gap-5">
              <ContestImageFields cover={images.cover} logo={images.logo} />
              <ContestFields form={form} minEndDate={openedAt}>
                <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
                  <Button type="button" variant="outline" disabled={isSaving} onClick={save(false)}>
                    {savingAs === 'draft' ? (pending ?? 'Saving...') : 'Save Draft'}
                  </Button>
                  <Button type="submit" disabled={isSaving}>
                    {savingAs === 'live' ? (pending ?? 'Creating...') : 'Create Contest'}
                  </Button>
                </div>
              </ContestFields>
            </form>
          </CardContent>
        </Card>
      </WithPreview>
    </PageFrame>
  );
}
