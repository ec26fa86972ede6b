import { describe, expect, it } from 'vitest';
import { withCropSuffix } from './withCropSuffix';

const CROP = 'x-oss-process=image/resize,m_fill,w_200,h_200';

describe('withCropSuffix', () => {
  it.each([
    ['https://oss.example.cn/a.png', `https://oss.example.cn/a.png?${CROP}`],
    ['https://oss.example.cn/a.png?v=2', `https://oss.example.cn/a.png?v=2&${CROP}`],
    [
      'https://oss.example.cn/a.png?x-oss-process=image/resize,m_fill,w_50,h_50&v=2',
      'https://oss.example.cn/a.png?x-oss-process=image/resize,m_fill,w_50,h_50&v=2',
    ],
    ['', ''],
  ])('%s → %s', (url, result) => {
    expect(withCropSuffix(url, 200, 200)).toBe(result);
  });
});
