import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Empty } from './Empty';
import { LoadingOverlay } from './LoadingOverlay';

describe('LoadingOverlay', () => {
  it('is a polite status with "正在加载，请稍后~"', () => {
    render(<LoadingOverlay />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('正在加载，请稍后~');
    expect(status).toHaveAttribute('aria-live', 'polite');
  });
  it('takes its text and hides when closed', () => {
    const { rerender } = render(<LoadingOverlay text="正在下载，请稍后~" inline />);
    expect(screen.getByRole('status')).toHaveTextContent('正在下载，请稍后~');
    rerender(<LoadingOverlay open={false} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('Empty', () => {
  it('says 暂无数据 by default', () => {
    render(<Empty />);
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
  });
  it('takes its own text and image', () => {
    render(<Empty text="没有考试" image={<img alt="空" src="data:," />} data-testid="empty" />);
    expect(screen.getByText('没有考试')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '空' })).toBeInTheDocument();
    expect(screen.getByTestId('empty')).toBeInTheDocument();
  });
});
