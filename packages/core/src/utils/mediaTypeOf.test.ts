import { describe, expect, it } from 'vitest';
import { mediaTypeOf } from './mediaTypeOf';

describe('mediaTypeOf (spec 000 §5)', () => {
  it.each([
    ['https://oss.example.cn/a/lesson.avi', 'video'],
    ['lesson.MP4', 'video'],
    ['/media/clip.mpeg?token=1', 'video'],
    ['clip.mov#t=10', 'video'],
    ['listening.mp3', 'audio'],
    ['listening.MP3?x-oss-process=a.mp4', 'audio'],
    ['scan.png', 'image'],
    ['scan.jpg?name=x.mp4', 'image'],
    ['no-extension', 'image'],
    ['https://oss.example.cn/dir.mp4/file', 'image'],
  ])('%s is %s', (url, type) => {
    expect(mediaTypeOf(url)).toBe(type);
  });
});
