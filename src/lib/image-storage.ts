import { supabase } from './supabase';
import { IMAGE_BUCKET, storagePathFromPublicUrl } from './image-upload';

/** Uploads a picture to the public image bucket and returns its public URL. */
export async function uploadPublicImage(path: string, file: File): Promise<string> {
  const { error } = await supabase.storage
    .from(IMAGE_BUCKET)
    .upload(path, file, { cacheControl: '3600', upsert: false, contentType: file.type || undefined });
  if (error) throw error;
  return supabase.storage.from(IMAGE_BUCKET).getPublicUrl(path).data.publicUrl;
}

/**
 * Removes the stored object behind a public URL of the bucket. URLs outside the bucket (seed
 * pictures, external links) are left alone. Throws when storage refuses.
 */
export async function removePublicImage(url: string | null | undefined): Promise<void> {
  const path = storagePathFromPublicUrl(url);
  if (!path) return;
  const { error } = await supabase.storage.from(IMAGE_BUCKET).remove([path]);
  if (error) throw error;
}
