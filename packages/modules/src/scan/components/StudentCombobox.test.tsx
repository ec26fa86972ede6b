import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Participant } from '../utils/scanLabels';
import { StudentCombobox, matchStudents } from './StudentCombobox';

const roster = Array.from({ length: 200 }, (_, i) => ({
  studentId: i + 1,
  studentNo: `S${i + 1}`,
  examNo: `2026100${String(i + 1).padStart(3, '0')}`,
  name: i === 41 ? '王小明' : `学生${i + 1}`,
  classId: 1,
  className: '高一(1)班',
})) as unknown as Participant[];

function Harness() {
  const [value, setValue] = useState<number | null>(null);
  return (
    <>
      <StudentCombobox label="选择考生" roster={roster} value={value} onChange={setValue} />
      <output aria-label="已选">{value ?? '无'}</output>
    </>
  );
}

describe('StudentCombobox', () => {
  it('finds a student by name or by 考号 among 200', () => {
    expect(matchStudents(roster, '王小明').map((s) => s.studentId)).toEqual([42]);
    expect(matchStudents(roster, '2026100150').map((s) => s.studentId)).toEqual([150]);
    expect(matchStudents(roster, '')).toHaveLength(200);
  });

  it('works by keyboard alone: type, move with arrows, choose with Enter, close with Esc', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: '选择考生' });
    await user.tab();
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('学生1');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveTextContent('学生1（2026100001）');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('已选')).toHaveTextContent(
      String(matchStudents(roster, '学生1')[2]!.studentId),
    );
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.clear(box);
    await user.keyboard('2026100150');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: '选择考生' }));
    await user.keyboard('没有这个人');
    expect(screen.getByRole('listbox')).toHaveTextContent('没有找到考生');
  });
});
