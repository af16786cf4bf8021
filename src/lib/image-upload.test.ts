import { describe, expect, it } from 'vitest';
import { fileExtension, imageFileError, storagePathFromPublicUrl } from './image-upload';

describe('imageFileError', () => {
  it('refuses non-images and files above 5MB with the spec texts', () => {
    expect(imageFileError({ name: 'notes.pdf', type: 'application/pdf', size: 10 })).toBe(
      'notes.pdf is not an image file',
    );
    expect(imageFileError({ name: 'big.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(
      'big.jpg is too large. Maximum size is 5MB',
    );
  });
  it('accepts an image of exactly 5MB', () => {
    expect(imageFileError({ name: 'ok.png', type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
  });
});

describe('fileExtension', () => {
  it('uses the name, else the MIME type', () => {
    expect(fileExtension({ name: 'Photo.JPEG', type: 'image/jpeg' })).toBe('jpeg');
    expect(fileExtension({ name: 'blob', type: 'image/webp' })).toBe('webp');
    expect(fileExtension({ name: 'blob', type: 'image/svg+xml' })).toBe('svg');
    expect(fileExtension({ name: 'blob', type: '' })).toBe('jpg');
  });
});

describe('storagePathFromPublicUrl', () => {
  it('extracts the object path of the bucket', () => {
    expect(
      storagePathFromPublicUrl('http://127.0.0.1:54321/storage/v1/object/public/room-images/abc/1700000000000.jpg'),
    ).toBe('abc/1700000000000.jpg');
  });
  it('ignores URLs outside the bucket', () => {
    expect(storagePathFromPublicUrl('/rooms/deluxe.jpg')).toBeNull();
    expect(storagePathFromPublicUrl(null)).toBeNull();
  });
});
