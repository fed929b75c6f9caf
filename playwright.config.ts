import { defineConfig, devices } from '@playwright/test';

const chromium = {
  // Debian's Chromium; Playwright's own browser download is not available here.
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Generous waits: Chromium and the app share two cores here, and on a slower machine of the same
  // kind the suite ran 1.5x longer and 9 of 256 tests outwaited a 7-s expectation or a 30-s
  // test (each passed alone). A test that fails for real fails the same, only later.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        browserName: 'chromium',
      },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      // Entrants' and account flows run on the phone only; their screens keep a test here each.
      grepInvert: /@phone-only/,
    },
  ],
});
