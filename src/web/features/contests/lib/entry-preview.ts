import { contestFormToBody, type ContestFormValues } from '#shared/contracts/contest-form.ts';
import type { ContestImage } from '#shared/contracts/contest-images.ts';
import { REFERRAL_CAP_DEFAULT } from '#shared/contracts/referrals.ts';

/** What the preview shows until the owner has typed it: what the field asks for. */
export const previewPlaceholders = {
  title: 'Your contest title',
  prizeDetails: 'Your prize',
  description: 'What the contest is about and who can enter.',
};

const whole = (value: number, otherwise: number) =>
  Number.isInteger(value) && value >= 0 ? value : otherwise;

/**
 * The contest as its entry page would show it, open, from the form's values as typed (the same
 * mapping the form sends) and the cover chosen or saved. A value the form would refuse shows as
 * its default: the preview never fails while the owner types.
 */
export function previewContest(values: ContestFormValues, cover: ContestImage | null, now: Date) {
  const body = contestFormToBody(values);
  const end = new Date(body.endDate);
  return {
    // None: the preview's form is never sent, and asks the server for nothing.
    id: '',
    title: body.title.trim() || previewPlaceholders.title,
    description: body.description.trim() || previewPlaceholders.description,
    prizeDetails: body.prizeDetails.trim() || previewPlaceholders.prizeDetails,
    prizeValue: body.prizeValue.trim() || null,
    winnersCount: Math.max(1, whole(body.winnersCount, 1)),
    isRedrawing: false,
    images: { cover, logo: null },
    endDate: (Number.isNaN(end.getTime()) ? now : end).toISOString(),
    referralBonus: whole(body.referralBonus, 0),
    referralCap: whole(body.referralCap, REFERRAL_CAP_DEFAULT),
    requireConfirmation: body.requireConfirmation,
    rules: body.rules,
    consentText: body.consentText.trim(),
  };
}

export type PreviewContest = ReturnType<typeof previewContest>;
