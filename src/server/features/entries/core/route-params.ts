import { z } from 'zod';

/** The contest a route is about (any text up to 100: an unknown id is a 404, not a 400). */
export const contestParams = z.object({ contestId: z.string().max(100) });

/** One entry of a contest. */
export const entryParams = contestParams.extend({ entryId: z.string().max(100) });
