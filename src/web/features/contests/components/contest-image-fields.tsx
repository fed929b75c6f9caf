import type { ContestImages } from '#shared/contracts/contest-images.ts';
import { useImageChoice, type ImageChoice } from '../lib/use-image-choice.ts';
import { ImageDropField } from './image-drop-field.tsx';

/**
 * The contest's cover and logo fields' state. Given the saved contest (the edit page), a chosen
 * picture goes to it at once; without one (the builder), `sendTo` uploads both once it exists.
 */
export function useContestImageChoices(contest?: { id: string; images: ContestImages }) {
  const target = (kind: keyof ContestImages) =>
    contest && { contestId: contest.id, saved: contest.images[kind] };
  const cover = useImageChoice('cover', target('cover'));
  const logo = useImageChoice('logo', target('logo'));
  /** One after the other (the server processes one image at a time); the refusals. */
  const sendTo = async (contestId: string) =>
    [await cover.sendTo(contestId), await logo.sendTo(contestId)].filter(
      (message): message is string => message !== null,
    );
  return { cover, logo, sendTo };
}

export function ContestImageFields({ cover, logo }: { cover: ImageChoice; logo: ImageChoice }) {
  return (
    <div className="grid items-start gap-5 sm:grid-cols-[minmax(0,1fr)_8rem]">
      <ImageDropField
        label="Cover photo"
        shape="wide"
        hint="The top of your entry page: a photo of the prize. JPEG, PNG or WebP, up to 10 MB."
        choice={cover}
      />
      <ImageDropField label="Logo" shape="square" hint="Square. Up to 10 MB." choice={logo} />
    </div>
  );
}
