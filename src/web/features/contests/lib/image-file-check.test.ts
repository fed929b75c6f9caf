import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, imageMessages } from '#shared/contracts/contest-images.ts';
import { imageFileProblem } from './image-file-check.ts';

describe('the image check before uploading', () => {
  it('takes a JPEG, PNG or WebP of up to 10 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(imageFileProblem({ type, size: IMAGE_MAX_BYTES })).toBeNull();
    }
  });

  it('refuses other types in the server’s words, whatever the size', () => {
    for (const type of ['image/svg+xml', 'image/gif', 'image/heic', 'text/plain', '']) {
      expect(imageFileProblem({ type, size: 10 })).toBe(imageMessages.notAnImage);
    }
  });

  it('refuses a file past 10 MB in the server’s words', () => {
    expect(imageFileProblem({ type: 'image/jpeg', size: IMAGE_MAX_BYTES + 1 })).toBe(
      imageMessages.tooLarge,
    );
  });
});
