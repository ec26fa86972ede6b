import type { MediaType } from './types';

const VIDEO = ['avi', 'mp4', 'mpeg', 'mov'];

/**
 * The media type of an address by its extension (case-insensitive, query and
 * hash ignored): avi, mp4, mpeg and mov are `video`, mp3 is `audio`, anything
 * else (including no extension) is `image`.
 */
export function mediaTypeOf(url: string): MediaType {
  const path = url.split(/[?#]/)[0] ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  return VIDEO.includes(ext) ? 'video' : ext === 'mp3' ? 'audio' : 'image';
}
