import { IMAGE_BUCKET, STORAGE_CACHE_SECONDS } from '../../../../domain/limits.ts';
import { MESSAGES } from '../../../../domain/messages.ts';
import { env } from '../../../lib/env.ts';
import { supabase } from '../../../lib/supabase.ts';
import { storage } from '../../../lib/storage.ts';

export interface UploadedImage {
  /** The object's name in the bucket, to remove it again if the project is not saved. */
  path: string;
  publicUrl: string;
}

/** Why an upload failed, already in the words the form shows. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly kind: 'auth' | 'rejected' | 'network' | 'aborted',
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };

/** Spec §7: timestamp-random.extension; the extension follows the checked type, not the file name. */
export function imageObjectName(type: string, now = Date.now(), random = Math.random()): string {
  const ext = EXTENSIONS[type] ?? 'bin';
  return `${now}-${random.toString(36).slice(2, 10) || '0'}.${ext}`;
}

function failureFromResponse(status: number, body: string): UploadError {
  let code = String(status);
  let error = '';
  try {
    const parsed = JSON.parse(body) as { statusCode?: unknown; error?: unknown };
    code = String(parsed.statusCode ?? status);
    error = String(parsed.error ?? '');
  } catch {
    // Not Storage's JSON (a proxy's page): the status alone decides.
  }
  if (code === '413') return new UploadError(MESSAGES.imageTooLarge, 'rejected');
  if (code === '415' || error === 'invalid_mime_type') return new UploadError(MESSAGES.imageTypeNotAllowed, 'rejected');
  if (code === '401' || code === '403' || error === 'InvalidJWT') return new UploadError(MESSAGES.submitLoginRequired, 'auth');
  if (code === '429') return new UploadError(MESSAGES.tooManyAttempts.description, 'rejected');
  return new UploadError(MESSAGES.imageUploadFailure, 'rejected');
}

/**
 * Uploads through XMLHttpRequest to the same endpoint and with the same headers storage-js uses,
 * because only XHR reports upload progress (fetch and storage-js do not). The one call in the app
 * that bypasses supabase-js.
 */
function sendOnce(file: File, name: string, accessToken: string, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.supabaseUrl}/storage/v1/object/${IMAGE_BUCKET}/${encodeURIComponent(name)}`);
    xhr.setRequestHeader('authorization', `Bearer ${accessToken}`);
    xhr.setRequestHeader('apikey', env.supabaseAnonKey);
    xhr.setRequestHeader('x-upsert', 'true');
    xhr.setRequestHeader('cache-control', `max-age=${STORAGE_CACHE_SECONDS}`);
    xhr.setRequestHeader('content-type', file.type);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(failureFromResponse(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new UploadError(MESSAGES.imageUploadFailure, 'network'));
    xhr.onabort = () => reject(new UploadError('Upload cancelled', 'aborted'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** The current access token, refreshed by supabase-js when it has expired; null when signed out. */
async function currentAccessToken(forceRefresh = false): Promise<string | null> {
  if (forceRefresh) {
    const { data } = await supabase.auth.refreshSession();
    return data.session?.access_token ?? null;
  }
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token ?? null;
}

export async function uploadProjectImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  const name = imageObjectName(file.type);
  let token = await currentAccessToken();
  if (!token) throw new UploadError(MESSAGES.submitLoginRequired, 'auth');
  try {
    await sendOnce(file, name, token, onProgress, signal);
  } catch (error) {
    // A token that expired while the form was open: refresh once and try again.
    if (!(error instanceof UploadError) || error.kind !== 'auth') throw error;
    token = await currentAccessToken(true);
    if (!token) throw error;
    onProgress(0);
    await sendOnce(file, name, token, onProgress, signal);
  }
  const { data } = storage().from(IMAGE_BUCKET).getPublicUrl(name);
  return { path: name, publicUrl: data.publicUrl };
}

/** Best effort: an image whose project was not saved (or was replaced) should not linger. */
export async function removeProjectImage(path: string): Promise<void> {
  const { error } = await storage().from(IMAGE_BUCKET).remove([path]);
  if (error) console.error('Could not remove image', path, error);
}

/** The object name of an image in our bucket, from its public URL; null for any other URL. */
export function imagePathFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    const prefix = `/storage/v1/object/public/${IMAGE_BUCKET}/`;
    if (parsed.origin !== new URL(env.supabaseUrl).origin || !parsed.pathname.startsWith(prefix)) return null;
    return decodeURIComponent(parsed.pathname.slice(prefix.length)) || null;
  } catch {
    return null;
  }
}
