import { z } from 'zod';
import { rules } from '../rules/index.ts';
import { userSchema } from '../user/user.schemas.ts';

export const loginBody = z.object({ userId: rules.text(50), password: z.string().min(1).max(200) });
export const loginResponse = z.object({ data: userSchema.extend({ permissions: z.record(z.string(), z.any()) }) });
