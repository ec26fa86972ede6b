import { Type, type Static } from 'typebox';
import { gradeSubjectRow, Nullable, Obj, post, titled as t } from './builders';

/**
 * /homework/group (作业分组, key Homework-Group): named groups of homework of one grade × subject
 * (a unit, a week, 寒假作业), shared by the teachers of that grade × subject (备课组), each with
 * its 汇总 over the group's homework. The spec names the page only; the calls are examkit's
 * (docs/homework.md "作业分组").
 */

const GroupId = t('作业分组', Type.Integer({ minimum: 1 }));

export const HomeworkGroup = Type.Object({
  ...gradeSubjectRow(),
  homeworkIds: Type.Array(Type.Integer()),
  creatorName: Type.String(),
  /** The caller made it (or manages the whole school): may change or delete it. */
  mine: Type.Boolean(),
  updatedAt: Type.Integer(),
});
export type HomeworkGroup = Static<typeof HomeworkGroup>;

export const HomeworkGroupReport = Type.Object({
  group: HomeworkGroup,
  homeworks: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      assigned: Type.Boolean(),
      fullMarks: Type.Number(),
      expected: Type.Integer(),
      submitted: Type.Integer(),
      /** Mean score of the corrected hand-ins, or null. */
      average: Nullable(Type.Number()),
    }),
  ),
  /** The caller's students over the group's assigned homework, 学号 order. */
  students: Type.Array(
    Type.Object({
      studentNo: Type.String(),
      name: Type.String(),
      className: Type.String(),
      expected: Type.Integer(),
      submitted: Type.Integer(),
      score: Type.Number(),
      /** Full marks of the homework they handed in. */
      fullMarks: Type.Number(),
      /** Score rate in percent over what they handed in, or null. */
      rate: Nullable(Type.Number()),
    }),
  ),
});
export type HomeworkGroupReport = Static<typeof HomeworkGroupReport>;

const G = '/marking-homework/homework/group';

/** The 作业分组 calls. */
export const homeworkGroupRoutes = {
  groupList: post(
    `${G}/list`,
    'the homework groups of the grades × subjects the caller reaches',
    Obj({}),
    Type.Array(HomeworkGroup),
  ),
  groupSave: post(
    `${G}/save`,
    'create (id null) or change a group: its name and homework of one grade × subject; a retried create answers the same group',
    Obj({
      id: t('作业分组', Nullable(Type.Integer({ minimum: 1 }))),
      name: t('分组名称', Type.String({ minLength: 1, maxLength: 40 })),
      gradeId: t('年级', Type.Integer({ minimum: 1 })),
      subjectId: t('科目', Type.Integer({ minimum: 1 })),
      homeworkIds: t(
        '作业',
        Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 50, uniqueItems: true }),
      ),
    }),
    HomeworkGroup,
  ),
  groupRemove: post(
    `${G}/remove`,
    'delete a group (its homework stay)',
    Obj({ id: GroupId }),
    Type.Null(),
  ),
  groupReport: post(
    `${G}/report`,
    'a group’s 汇总: each homework’s hand-ins and each of the caller’s students over the group',
    Obj({ id: GroupId }),
    HomeworkGroupReport,
  ),
};
