/** The account e-mail calls: verification link and password reset. Both answer `Message`. */
import { Type, type Static } from '@sinclair/typebox';
import { Email } from './common.ts';

/** POST api/user/reset-password */
export const ResetPasswordInput = Type.Object({ email: Email });
export type ResetPasswordInput = Static<typeof ResetPasswordInput>;
