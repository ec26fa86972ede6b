import { Type, type Static } from 'typebox';
import {
  handInFigures,
  Nullable,
  Obj,
  post,
  titled as t,
  OneOf,
  titledPageFields,
} from './builders';
import { HomeworkId } from './homeworkIds';
import { Paged } from './envelope';

const A = '/marking-report/teaching/assistant';
const N = Nullable(Type.Number());
const Str = Type.String();
const Int = Type.Integer();

/** A homework of the report centre's 助手报告 list, with its 基本情况 figures. */
export const CentreHomeworkRow = Obj({
  id: Int,
  /** A 作文 (its reports at /homework/composition/{id}/report/*), else a 校本作业. */
  composition: Type.Boolean(),
  name: Str,
  gradeName: Str,
  subjectName: Str,
  /** Names of the classes and teaching classes the caller corrects. */
  targets: Type.Array(Str),
  fullMarks: Type.Number(),
  ...handInFigures(),
  createdAt: Int,
});
export type CentreHomeworkRow = Static<typeof CentreHomeworkRow>;

/** A homework's questions and knowledge points at or under a score rate. */
export const CentreHomeworkTopics = Obj({
  /** The newest assigned homework the caller may open, for the picker. */
  homeworks: Type.Array(Obj({ id: Int, name: Str, gradeName: Str, subjectName: Str })),
  homeworkId: Nullable(Int),
  /** A 作文: no questions nor points, its rubric's parts (`dimensions`) instead. */
  composition: Type.Boolean(),
  name: Str,
  subjectName: Str,
  /** The classes and teaching classes the caller corrects (the report's filter). */
  targets: Type.Array(
    Obj({
      kind: OneOf(['class', 'teachingClass'] as const),
      id: Int,
      name: Str,
    }),
  ),
  threshold: Type.Number(),
  questions: Type.Array(
    Obj({
      no: Int,
      label: Str,
      type: Str,
      fullMarks: Type.Number(),
      scored: Int,
      wrong: Int,
      scoreRate: N,
    }),
  ),
  points: Type.Array(
    Obj({
      name: Str,
      questionLabels: Type.Array(Str),
      fullMarks: Type.Number(),
      scoreRate: N,
      wrong: Int,
    }),
  ),
  /** Questions without knowledge points (homework from an uploaded paper). */
  untagged: Int,
  /** A 作文's rubric parts whose average score rate is at or under the threshold. */
  dimensions: Type.Array(Obj({ label: Str, points: Type.Number(), average: N, scoreRate: N })),
});
export type CentreHomeworkTopics = Static<typeof CentreHomeworkTopics>;

/**
 * 助手报告 of the report centre (/report/index/assistant, assistant/topicList): the homework
 * reports the caller may open and their topic lists, every figure from the homework report's own
 * computation (docs/teaching-views.md).
 */
export const teachingAssistantRoutes = {
  assistantReports: post(
    `${A}/list`,
    'paged assigned homework whose reports the caller may open, newest first, with 基本情况 figures',
    Obj({
      ...titledPageFields(50, 10),
    }),
    Paged(CentreHomeworkRow),
  ),
  assistantTopics: post(
    `${A}/topicList`,
    "a homework's questions and knowledge points at or under a score rate, for the caller's students",
    Obj({
      /** null: the newest assigned homework the caller may open. */
      homeworkId: Nullable(HomeworkId),
      classId: Nullable(t('班级', Type.Integer({ minimum: 1 }))),
      teachingClassId: Nullable(t('教学班', Type.Integer({ minimum: 1 }))),
      threshold: Type.Number({ minimum: 0.05, maximum: 1 }),
    }),
    CentreHomeworkTopics,
  ),
};
