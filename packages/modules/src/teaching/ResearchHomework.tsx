import type { DataOf, teachResearchRoutes } from '@examkit/contracts';
import { ListTable } from '../common/ListTable';
import { percent } from '../resource/wrong/useWrongData';

type Teachers = DataOf<typeof teachResearchRoutes.studyTeachers>;
type Homework = Teachers['homework'];

/** Which homework 师生学情 reads, said once above its figures. */
export function HomeworkNote({ list }: { list: Homework['list'] }) {
  if (list.length === 0) return null;
  return (
    <p>
      作业得分率：年级最近{list.length}次校本作业（{list.map((h) => h.name).join('、')}
      ）的作业报告得分率。
    </p>
  );
}

/**
 * 教师学情's homework: per class × subject taught, the mean of its homework reports' class score
 * rates; per teacher, the homework they assigned and the hand-ins they corrected.
 */
export function TeacherHomework({
  homework,
  classes,
  names,
}: {
  homework: Homework;
  classes: Teachers['classes'];
  names: ReadonlyMap<number, string>;
}) {
  if (homework.list.length === 0) return null;
  const classOf = (c: Homework['classes'][number]) =>
    classes.find(
      (x) => x.userId === c.userId && x.classId === c.classId && x.subjectName === c.subjectName,
    );
  return (
    <section aria-label="校本作业">
      <h2>校本作业</h2>
      <HomeworkNote list={homework.list} />
      <ListTable
        label="任教班级作业得分率"
        rows={homework.classes}
        headers={['教师', '班级', '学科', '作业次数', '平均得分率']}
      >
        {(c) => (
          <tr key={`${c.userId}-${c.classId}-${c.subjectName}`}>
            <td>{names.get(c.userId) ?? ''}</td>
            <td>{classOf(c)?.className ?? ''}</td>
            <td>{c.subjectName}</td>
            <td>{c.count}</td>
            <td>{c.count === 0 ? '—' : percent(c.scoreRate)}</td>
          </tr>
        )}
      </ListTable>
      <ListTable
        label="作业布置与批改"
        rows={homework.teachers}
        headers={['教师', '布置作业', '批改份数']}
      >
        {(t) => (
          <tr key={t.userId}>
            <td>{names.get(t.userId) ?? ''}</td>
            <td>{t.assigned}</td>
            <td>{t.corrected}</td>
          </tr>
        )}
      </ListTable>
    </section>
  );
}
