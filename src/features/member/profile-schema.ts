import { z } from '../../lib/zod.ts';
import { rules } from '../auth/validation.ts';

/** The profile form's rules. Their own module: the form loads them (and zod) once it is first used. */
export const profileSchema = z.object({
  name: rules.required(),
  email: rules.optionalEmail(),
  city: z.string(),
  area: z.string(),
  addr: z.string().trim(),
});
