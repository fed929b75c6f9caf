import { expect, PHONE_ONLY, test, uniqueEmail, type Page } from './support/fixtures.ts';
import {
  expectNoHorizontalScroll,
  expectToast,
  fillSignup,
  logInWithForm,
  screenTitle,
  toastWith,
  type SignupInput,
} from './support/helpers.ts';

/**
 * The mailed link opens /verify-email?token=..., which asks for the password of the sign-up that
 * sent it: the link alone verifies nothing (an address squatted by someone else cannot be
 * completed by its owner's click). Wrong passwords (401) and dead links (400) are the API's
 * normal answers; the console errors the browser logs for them are allowed by the fixture.
 */

const confirmTitle = 'Confirm your email';
const deadLinkTitle = 'This link cannot be used';
const verifiedToast = ['Email verified', 'Welcome! You are signed in.'] as const;
const messages = {
  signupSuccess: 'Please check your email to verify your account.',
  wrongPassword:
    'That is not the password chosen when this account was signed up. Try again, or reset your password.',
  linkInvalid:
    'This verification link is not valid or was replaced by a newer one. Enter your email and we will send a new one.',
  linkExpired:
    'This verification link has expired (links work for 24 hours). Enter your email and we will send a new one.',
  verificationSent:
    'If that account exists and is not yet verified, a new verification link is on its way.',
};

function signupInput(overrides: Partial<SignupInput> = {}): SignupInput {
  return {
    firstName: 'Vera',
    lastName: 'Verified',
    email: uniqueEmail('verify'),
    password: 'verify-me-please',
    ...overrides,
  };
}

/** A sign-up sent straight to the API, as from another browser. */
async function signUpByApi(page: Page, input: SignupInput) {
  const answer = await page.request.post('/api/auth/signup', { data: input });
  expect(answer.status()).toBe(201);
  expect(await answer.json()).toEqual({ message: messages.signupSuccess });
}

async function submitPassword(page: Page, password: string) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}

/** The warning callout of the dead-link screen. */
function deadLinkNotice(page: Page, message: string) {
  return page.getByRole('main').getByText(message, { exact: true });
}

async function expectSignedInHome(page: Page, firstName: string) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Welcome, ${firstName}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Contests' })).toBeVisible();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Giveaways');
}

test.describe('e-mail verification', () => {
  test(
    'sign up, open the mailed link, give the password, land signed in on the contests',
    PHONE_ONLY,
    async ({ page, baseURL, mailedLink, snap }) => {
      const input = signupInput();
      await page.goto('/signup');
      await fillSignup(page, input);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(screenTitle(page, 'Check your inbox')).toBeVisible();

      // The mail links to the page, not to the API.
      const link = await mailedLink(input.email, '/verify-email');
      expect(link).toMatch(new RegExp(`^${baseURL}/verify-email\\?token=[A-Za-z0-9_-]+$`));
      await page.goto(link);
      await expect(screenTitle(page, confirmTitle)).toBeVisible();
      await expect(
        page.getByText(
          'Enter the password you chose when you signed up. This proves the account is yours.',
        ),
      ).toBeVisible();
      await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
      await expect(page.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
        'href',
        '/forgot-password',
      );
      await expectNoHorizontalScroll(page);
      await snap('verify-email-confirm');

      // An empty password is caught before anything is sent.
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Password is required' }),
      ).toBeVisible();
      await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
        'aria-invalid',
        'true',
      );

      await submitPassword(page, input.password);
      await expectToast(page, ...verifiedToast);
      await expectSignedInHome(page, 'Vera');
      await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await snap('verify-email-signed-in');

      // The session is real: it survives a reload. Logging out ends it.
      await page.reload();
      await expect(page.getByText('Welcome, Vera')).toBeVisible();
      await logOut(page);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Giveaways');

      // The account is verified: the sign-in form lets it in.
      await page.goto('/login');
      await logInWithForm(page, input.email, input.password);
      await expectSignedInHome(page, 'Vera');
    },
  );

  test('a wrong password is refused with its reason and the page stays', async ({
    page,
    mailedLink,
    snap,
  }) => {
    const input = signupInput({ firstName: 'Wren' });
    await signUpByApi(page, input);
    const link = await mailedLink(input.email, '/verify-email');
    await page.goto(link);
    await expect(screenTitle(page, confirmTitle)).toBeVisible();

    await submitPassword(page, 'not-the-sign-up-password');
    await expectToast(page, 'Verification failed', messages.wrongPassword);
    await expect(page).toHaveURL(link);
    await expect(screenTitle(page, confirmTitle)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verify and sign in' })).toBeEnabled();
    await expectNoHorizontalScroll(page);
    await snap('verify-email-wrong-password');

    // Nothing was verified: the account still cannot sign in.
    const login = await page.request.post('/api/auth/login', {
      data: { email: input.email, password: input.password },
    });
    expect(login.status()).toBe(403);

    // The link is still good for the right password.
    await submitPassword(page, input.password);
    await expectToast(page, ...verifiedToast);
    await expectSignedInHome(page, 'Wren');
  });

  test(
    'an expired link cannot be used, and the resend form mails one that works',
    PHONE_ONLY,
    async ({ page, mailedLink, expireVerificationLinks, snap }) => {
      const input = signupInput({ firstName: 'Evan' });
      await signUpByApi(page, input);
      const expired = await mailedLink(input.email, '/verify-email');
      await expireVerificationLinks(input.email);

      await page.goto(expired);
      await submitPassword(page, input.password);
      await expect(screenTitle(page, deadLinkTitle)).toBeVisible();
      await expect(deadLinkNotice(page, messages.linkExpired)).toBeVisible();
      // The callout says it; no toast repeats it over the screen.
      await expect(toastWith(page, 'Verification failed')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
        'href',
        '/login',
      );
      await expectNoHorizontalScroll(page);
      await snap('verify-email-cannot-be-used');

      await page.getByLabel('Email', { exact: true }).fill(input.email);
      await page.getByRole('button', { name: 'Send a new verification link' }).click();
      await expectToast(page, 'Verification e-mail sent', messages.verificationSent);
      await snap('verify-email-resent');

      const fresh = await mailedLink(input.email, '/verify-email');
      expect(fresh).not.toBe(expired);
      await page.goto(fresh);
      await expect(screenTitle(page, confirmTitle)).toBeVisible();
      await submitPassword(page, input.password);
      await expectToast(page, ...verifiedToast);
      await expectSignedInHome(page, 'Evan');
    },
  );

  test(
    'an address squatted with password A is completed by its owner only through their own sign-up',
    PHONE_ONLY,
    async ({ page, mailedLink, snap }) => {
      const email = uniqueEmail('squatted');
      const squatter = signupInput({
        email,
        firstName: 'Mallory',
        password: 'squatter-password-A',
      });
      const owner = signupInput({ email, firstName: 'Olive', password: 'owner-password-B' });

      // Someone else signs up first with the owner's address.
      await signUpByApi(page, squatter);
      const squatterLink = await mailedLink(email, '/verify-email');

      // The owner opens the mail's link: without A it verifies nothing.
      await page.goto(squatterLink);
      await expect(screenTitle(page, confirmTitle)).toBeVisible();
      await submitPassword(page, owner.password);
      await expectToast(page, 'Verification failed', messages.wrongPassword);
      await expect(screenTitle(page, confirmTitle)).toBeVisible();

      // The owner signs up too; the answer is the ordinary one and the pending sign-up is replaced.
      await page.goto('/signup');
      await fillSignup(page, owner);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(screenTitle(page, 'Check your inbox')).toBeVisible();

      // The squatter's link was replaced: it is dead even with the password now on the account.
      await page.goto(squatterLink);
      await submitPassword(page, owner.password);
      await expect(screenTitle(page, deadLinkTitle)).toBeVisible();
      await expect(deadLinkNotice(page, messages.linkInvalid)).toBeVisible();
      await expect(toastWith(page, 'Verification failed')).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await snap('verify-email-replaced');

      // The owner's own link asks for B, not A.
      const ownerLink = await mailedLink(email, '/verify-email');
      expect(ownerLink).not.toBe(squatterLink);
      await page.goto(ownerLink);
      await submitPassword(page, squatter.password);
      await expectToast(page, 'Verification failed', messages.wrongPassword);
      await submitPassword(page, owner.password);
      await expectToast(page, ...verifiedToast);
      await expectSignedInHome(page, 'Olive');

      // A never signs in.
      await logOut(page);
      await page.goto('/login');
      await logInWithForm(page, email, squatter.password);
      await expectToast(page, 'Login Failed', 'Invalid email or password');
      await expect(page).toHaveURL(/\/login$/);
    },
  );

  test(
    'an old link to the API lands on the page; a used link signs the verified owner in again',
    PHONE_ONLY,
    async ({ page, mailedLink }) => {
      const input = signupInput({ firstName: 'Otto' });
      await signUpByApi(page, input);
      const link = await mailedLink(input.email, '/verify-email');
      const token = new URL(link).searchParams.get('token')!;

      await page.goto(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
      await expect(page).toHaveURL(link);
      await expect(screenTitle(page, confirmTitle)).toBeVisible();
      await submitPassword(page, input.password);
      await expectToast(page, ...verifiedToast);
      await expectSignedInHome(page, 'Otto');
      await logOut(page);

      // A second click on the used link is harmless once the account is verified.
      await page.goto(link);
      await submitPassword(page, input.password);
      await expectToast(page, ...verifiedToast);
      await expectSignedInHome(page, 'Otto');
    },
  );

  test('without a token the page offers a new link, and its form checks the address', async ({
    page,
  }) => {
    await page.goto('/verify-email');
    await expect(screenTitle(page, deadLinkTitle)).toBeVisible();
    await expect(deadLinkNotice(page, messages.linkInvalid)).toBeVisible();
    await page.getByRole('button', { name: 'Send a new verification link' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' }),
    ).toBeVisible();
  });
});
