import { Type } from 'typebox';
import { Id, Nullable, Obj, post } from '../builders';
import { Empty, U } from './common';
import { OneOf } from '../builders';

/**
 * How homework of a grade × subject is corrected (docs/administration.md "Homework settings"):
 * `auto` 自动批改, objective answers scored from the key are final, so a hand-in whose questions
 * are all objective is 已批改 at once; `teacher` 教师批改, objective answers are scored from the
 * key too, but every hand-in waits 待批改 until a teacher saves a score on it. (学生互评 was
 * removed: students have no sign-in, so a peer's score could not be attributed.)
 */
export const CORRECTION_MODES = ['auto', 'teacher'] as const;
/** 自动批改, 教师批改. */
export const CORRECTION_MODE_LABELS: Record<(typeof CORRECTION_MODES)[number], string> = {
  auto: '自动批改',
  teacher: '教师批改',
};
/** One of `CORRECTION_MODES`. */
export const CorrectionMode = OneOf(CORRECTION_MODES);

/** The textbook editions a school may choose for a grade × subject. */
export const TEXTBOOK_EDITIONS = [
  '人教版',
  '北师大版',
  '苏教版',
  '沪教版',
  '外研版',
  '湘教版',
  '鲁科版',
  '部编版',
  '其他',
] as const;
/** One of `TEXTBOOK_EDITIONS`. */
export const TextbookEdition = OneOf(TEXTBOOK_EDITIONS);
/** Suggestions for the volume (册次), which is free text. */
export const VOLUME_SUGGESTIONS = [
  '上册',
  '下册',
  '必修一',
  '必修二',
  '必修三',
  '选择性必修一',
  '选择性必修二',
  '选择性必修三',
] as const;

/** `22:00`: a time of day, 24-hour clock. */
const TimeOfDay = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });

const HomeworkSettingFields = {
  gradeId: Id,
  subjectId: Id,
  /** The homework module is used for this grade × subject. */
  enabled: Type.Boolean(),
  /** Default submission deadline, time of day on the due date. */
  deadlineTime: TimeOfDay,
  /** Submissions after the deadline are accepted (marked late). */
  allowLate: Type.Boolean(),
  correctionMode: CorrectionMode,
};
/** A homework setting as saved. */
export const HomeworkSettingInput = Obj(HomeworkSettingFields);
/** A homework setting as listed, with names and whether it was saved. */
export const HomeworkSetting = Obj({
  ...HomeworkSettingFields,
  gradeName: Type.String(),
  subjectName: Type.String(),
  /** False while the row shows the defaults (nothing saved yet). */
  saved: Type.Boolean(),
});
const TextbookFields = {
  gradeId: Id,
  subjectId: Id,
  /** null: no edition chosen (saving null clears the row). */
  edition: Nullable(TextbookEdition),
  /** 册次, free text: 上册, 下册, 选择性必修一 … */
  volume: Type.String({ maxLength: 32 }),
};
/** A textbook edition and volume as saved. */
export const TextbookCorrelationInput = Obj(TextbookFields);
/** A textbook edition and volume as listed, with names. */
export const TextbookCorrelation = Obj({
  ...TextbookFields,
  gradeName: Type.String(),
  subjectName: Type.String(),
});
const SaveCount = Obj({
  /** Rows written (inserted or changed). */
  changed: Type.Integer(),
  /** Rows sent that already held these values. */
  unchanged: Type.Integer(),
});

/** Homework settings and textbook editions per grade × subject (/system/homework, /system/homework/correlation). */
export const homeworkRoutes = {
  homeworkSettingsGet: post(
    `${U}/school/homework/get`,
    'homework settings per grade × subject of the academic year, defaults filled in',
    Empty,
    Obj({ academicYear: Type.Integer(), rows: Type.Array(HomeworkSetting) }),
  ),
  homeworkSettingsSave: post(
    `${U}/school/homework/save`,
    'save homework settings (upsert by grade × subject, all or nothing)',
    Obj({ items: Type.Array(HomeworkSettingInput, { minItems: 1, maxItems: 1000 }) }),
    SaveCount,
  ),
  homeworkCorrelationGet: post(
    `${U}/school/homework/correlation/get`,
    'textbook edition and volume per grade × subject of the academic year',
    Empty,
    Obj({ academicYear: Type.Integer(), rows: Type.Array(TextbookCorrelation) }),
  ),
  homeworkCorrelationSave: post(
    `${U}/school/homework/correlation/save`,
    'save textbook editions (upsert by grade × subject, all or nothing; edition null clears)',
    Obj({ items: Type.Array(TextbookCorrelationInput, { minItems: 1, maxItems: 1000 }) }),
    SaveCount,
  ),
};
