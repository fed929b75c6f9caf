import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '#shared/constants.ts';
import { isPlainText, notPlainTextMessage } from '#shared/contracts/plain-text.ts';

/** One contract per endpoint: the server validates with it, the forms validate with it. */

const email = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(EMAIL_MAX_LENGTH, 'Email address is too long')
  .pipe(z.email('Please enter a valid email address'));

const newPassword = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX_LENGTH, `Must be at most ${NAME_MAX_LENGTH} characters`)
    .refine(isPlainText, notPlainTextMessage(label));

export const signupBody = z.object({
  email,
  password: newPassword,
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
});
export type SignupBody = z.infer<typeof signupBody>;

export const loginBody = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, 'Invalid email or password'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const emailOnlyBody = z.object({ email });
export type EmailOnlyBody = z.infer<typeof emailOnlyBody>;

const tokenField = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(512, 'Token is invalid');

/** The two password fields must match; the error belongs on the confirmation field. */
function withMatchingConfirmation<
  T extends z.ZodObject<{ password: z.ZodString; confirmPassword: z.ZodString }>,
>(schema: T) {
  return schema.refine((value) => value.password === value.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
}

export const resetPasswordBody = withMatchingConfirmation(
  z.object({
    token: tokenField('Token is required'),
    password: newPassword,
    confirmPassword: z
      .string({ error: 'Password confirmation is required' })
      .min(PASSWORD_MIN_LENGTH, 'Password confirmation is required')
      .max(PASSWORD_MAX_LENGTH),
  }),
);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const manualResetBody = withMatchingConfirmation(
  z.object({
    email,
    token: tokenField('Reset token is required'),
    password: newPassword,
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password')
      .max(PASSWORD_MAX_LENGTH),
  }),
);
export type ManualResetBody = z.infer<typeof manualResetBody>;

export const verifyEmailQuery = z.object({ token: z.string().max(512).optional() });

/** The verification link's token, and the password of the sign-up that sent it. */
export const verifyEmailBody = z.object({
  token: tokenField('This verification link is incomplete.'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, 'Password is incorrect'),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

export const currentUser = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
