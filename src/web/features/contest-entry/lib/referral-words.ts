/** What the referral screens say beside the shared words (referralMessages). */

/** What the share sheet says beside the personal link. */
export const referralShareText = (contestTitle: string) =>
  `I just entered ${contestTitle}. Enter with my link for your chance to win!`;
