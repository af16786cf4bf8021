/** The public storage bucket that holds room and service pictures (5 MiB, image/* on the server too). */
export const IMAGE_BUCKET = 'room-images';
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The spec's messages for a picked file that cannot be uploaded, or null when it is fine. */
export function imageFileError(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return `${file.name} is not an image file`;
  if (file.size > MAX_IMAGE_BYTES) return `${file.name} is too large. Maximum size is 5MB`;
  return null;
}

/** File extension without the dot, lower-cased; falls back to the MIME subtype, then 'jpg'. */
export function fileExtension(file: Pick<File, 'name' | 'type'>): string {
  const dot = file.name.lastIndexOf('.');
  if (dot > 0 && dot < file.name.length - 1) return file.name.slice(dot + 1).toLowerCase();
  const subtype = file.type.split('/')[1];
  return subtype ? subtype.replace('jpeg', 'jpg').replace(/\+.*$/, '') : 'jpg';
}

/**
 * The object path inside the bucket for one of its public URLs
 * (`…/storage/v1/object/public/room-images/<path>`), or null for any other URL (seed pictures in
 * /public, external links), which must then not be removed from storage.
 */
export function storagePathFromPublicUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const marker = `/storage/v1/object/public/${IMAGE_BUCKET}/`;
  const at = url.indexOf(marker);
  if (at === -1) return null;
  const path = url.slice(at + marker.length).split('?')[0];
  return path ? decodeURIComponent(path) : null;
}
