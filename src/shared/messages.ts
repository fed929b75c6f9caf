/** Server answers that the client shows verbatim; one wording in one place. */
export const authMessages = {
  signupSuccess: 'Please check your email to verify your account.',
  emailTaken: 'An account with this email already exists.',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified:
    'Please verify your email before signing in. We can send you a new verification link.',
  accountDeactivated: 'This account has been deactivated. Please contact support.',
  unauthorized: 'Unauthorized',
  loggedOut: 'You have been signed out.',
  verificationSent:
    'If that account exists and is not yet verified, a new verification link is on its way.',
  resetLinkSent: 'If an account exists for that email, a password reset link is on its way.',
  resetTokenSent: 'If an account exists for that email, a reset token is on its way.',
  verificationLinkInvalid:
    'This verification link is not valid or was replaced by a newer one. Enter your email and we will send a new one.',
  verificationLinkExpired:
    'This verification link has expired (links work for 24 hours). Enter your email and we will send a new one.',
  verificationPasswordWrong:
    'That is not the password chosen when this account was signed up. Try again, or reset your password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  resetTokenInvalid: 'Failed to reset password. Please check your token and try again.',
  passwordReset: 'Your password has been reset. You can now sign in with your new password.',
} as const;
