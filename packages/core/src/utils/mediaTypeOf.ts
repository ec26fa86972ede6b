import type { MediaType } from '../types';

/** Media type by file extension (spec 000 §5): avi, mp4, mpeg, mov are video; mp3 is audio; anything else an image. */
export function mediaTypeOf(url: string): MediaType {
  const path = url.split(/[?#]/)[0];
  return /\.(avi|mp4|mpeg|mov)$/i.test(path!) ? 'video' : /\.mp3$/i.test(path!) ? 'audio' : 'image';
}
