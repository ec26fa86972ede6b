import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { layoutSheet } from '../layoutSheet';
import { decodePreviewQrcode } from '../test/decodePreviewQrcode';
import { smallPaper } from '../test/fixtures';
import { SheetPreview } from './SheetPreview';

describe('SheetPreview', () => {
  it('draws the sheet identity as a QR code that reads back, captioned 二维码', () => {
    const identity = 'EK1|318|c0ffee42';
    const doc = layoutSheet(smallPaper(), { isHiddenQrcode: false }, {}, { identity });
    render(<SheetPreview document={doc} />);
    const group = screen.getByRole('img', { name: `二维码：${identity}` });
    expect(group).toHaveTextContent('二维码');
    const path = group.querySelector('path')!;
    expect(path).toHaveAttribute('fill', '#000');
    expect(decodePreviewQrcode(path)).toBe(identity);
  });
});
