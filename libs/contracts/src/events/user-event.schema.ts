import { z } from 'zod';

/** The account a `user.*` event is about, with what notifications needs to write to it. */
export const userEventAccountSchema = z.object({
  userId: z.string().uuid(),
  email: z.string().email(),
  name: z.string(),
});
