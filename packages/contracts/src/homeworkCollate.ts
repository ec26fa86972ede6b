import { Type, type Static } from 'typebox';
import { Nullable, Obj, OneOf, post, titled as t } from './builders';

/**
 * /homework/collate (作业批改, key Homework-Collate; the catalogue's 作业整理): the hand-ins of the
 * caller's assigned homework collated per class — who has not handed in, what waits for
 * correction. The spec names the page only; the call is examkit's (docs/homework.md "作业整理").
 */

/** `open`: rows with a hand-in missing or waiting for correction; `all`: every row. */
export const COLLATE_SHOW = ['open', 'all'] as const;

export const CollateRow = Type.Object({
  homeworkId: Type.Integer(),
  homeworkName: Type.String(),
  gradeName: Type.String(),
  subjectName: Type.String(),
  classId: Type.Integer(),
  className: Type.String(),
  /** The earliest due time of the homework's assignments, or null. */
  dueAt: Nullable(Type.Integer()),
  overdue: Type.Boolean(),
  expected: Type.Integer(),
  submitted: Type.Integer(),
  /** Handed in, some question not yet scored (待批改). */
  toCorrect: Type.Integer(),
  /** 已批改 or 已修改. */
  corrected: Type.Integer(),
  /** The students of the class who have not handed in, 学号 order. */
  missing: Type.Array(Type.Object({ studentNo: Type.String(), name: Type.String() })),
});
export type CollateRow = Static<typeof CollateRow>;

/** The 作业整理 call. */
export const homeworkCollateRoutes = {
  collateList: post(
    '/marking-homework/homework/collate/list',
    'the hand-ins of the caller’s assigned homework per class: missing students, waiting for correction',
    Obj({ show: t('显示范围', OneOf(COLLATE_SHOW)) }),
    Type.Array(CollateRow),
  ),
};
