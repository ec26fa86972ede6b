import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PermNode } from '@examkit/core';
import { TopMenu } from './TopMenu';

const node = (
  id: number,
  permCode: string,
  permName: string,
  moduleUrl: string,
  children: PermNode[] = [],
): PermNode => ({
  id,
  permCode,
  permName,
  moduleUrl,
  moduleOrder: id,
  pPermId: 0,
  type: 1,
  platformType: 0,
  isShow: 0,
  children,
});

const MENUS: PermNode[] = [
  node(1, 'Home', '首页', '/home/index'),
  node(2, 'Study', '学情分析', '/study', [
    { ...node(3, 'Study-Student', '学生学情', '/study/student'), pPermId: 2 },
    { ...node(4, 'Study-Class', '班级学情', '/study/class'), pPermId: 2 },
  ]),
  node(5, 'Help', '帮助中心', 'https://help.example.com/'),
  node(6, 'Download', '下载中心', 'https://download.example.com/'),
  node(7, 'Agent', 'AI智能体', '/ai-center/home'),
  node(8, 'System', '系统管理', '/system'),
];

describe('TopMenu', () => {
  it('links each module to its first target; two study children go to the class page', () => {
    render(
      <MemoryRouter>
        <TopMenu menus={MENUS} activeCode="Home" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /首页/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '学情分析' })).toHaveAttribute('href', '/study/class');
  });

  it.each(['帮助中心', '下载中心'])('opens %s in a new tab', (name) => {
    render(
      <MemoryRouter>
        <TopMenu menus={MENUS} activeCode={null} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the AI agent entry as an image with its name as alt text', () => {
    render(
      <MemoryRouter>
        <TopMenu menus={MENUS} activeCode={null} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('img', { name: 'AI智能体' })).toBeInTheDocument();
  });

  it('leaves the system module to its own header entry', () => {
    render(
      <MemoryRouter>
        <TopMenu menus={MENUS} activeCode={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: '系统管理' })).not.toBeInTheDocument();
  });
});
