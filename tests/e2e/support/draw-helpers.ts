import { expect, type Page } from '@playwright/test';

/**
 * Answers "Draw now?", which a draw asks while entries are still open
 * (docs/product.md#the-draw), for the tests whose subject is the draw that follows.
 */
export async function confirmEarlyDraw(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Draw now?' });
  await dialog.getByRole('button', { name: 'Draw now' }).click();
  await expect(dialog).toHaveCount(0);
}
