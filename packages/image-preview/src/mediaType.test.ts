import { describe, expect, it } from 'vitest';
import { mediaTypeOf } from './mediaType';

describe('mediaTypeOf', () => {
  it.each(['a.avi', 'a.mp4', 'a.mpeg', 'a.mov', 'https://x.cn/v/A.MP4?sig=1#t=3', '/x.y/clip.Mov'])(
    '%s is video',
    (url) => expect(mediaTypeOf(url)).toBe('video'),
  );
  it.each(['a.mp3', '/audio/Reading.MP3?x=1'])('%s is audio', (url) => {
    expect(mediaTypeOf(url)).toBe('audio');
  });
  it.each([
    'a.jpg',
    'a.png',
    'a.webm',
    'a.wav',
    'a.mp4.png',
    '/media.mp4/scan',
    'noext',
    '',
    '/a.mp3x',
  ])('%s is image (anything else)', (url) => expect(mediaTypeOf(url)).toBe('image'));
});
