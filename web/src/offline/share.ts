import type { CaptureInput } from '../api/client.js';

/** Where the service worker leaves what was shared to /share (see sw.ts). */
export const SHARE_CACHE = 'tickler-share';
export const SHARE_KEY = '/share-pending';

/** What another app shared into Tickler (the share_target), as a capture input; once. */
export async function takeSharedCapture(): Promise<CaptureInput | null> {
  if (!new URLSearchParams(location.search).has('shared') || typeof caches === 'undefined') return null;
  history.replaceState(null, '', '/');
  const cache = await caches.open(SHARE_CACHE);
  const stored = await cache.match(SHARE_KEY);
  await cache.delete(SHARE_KEY);
  if (!stored) return null;
  const form = await stored.formData();
  const text = ['title', 'text', 'url']
    .map((field) => form.get(field))
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .join(' ');
  const image = form.get('image');
  if (image instanceof File && image.size > 0) return { text: text || undefined, file: { field: 'image', blob: image, name: image.name } };
  return text ? { text } : null;
}
