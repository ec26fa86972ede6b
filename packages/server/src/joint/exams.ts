import type { ExamSubjectInput, JointExam } from '@examkit/contracts';
import type { Static } from 'typebox';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { badRequest } from '../core/envelope';
import { createDraftExam, resolveParticipants } from '../exam/exams';
import { organises, type JointRow, type JointViewer } from './access';

type JointExamData = Static<typeof JointExam>;

/** 学校A … 学校Z, then 学校27 …: the code of the n-th participating school (0-based). */
export const schoolCode = (n: number) =>
  n < 26 ? `学校${String.fromCharCode(65 + n)}` : `学校${n + 1}`;

/**
 * Whether the viewer sees a participating school by name: the bureau always, a school its own
 * and, when the organiser shows names, the others too.
 */
export function seesName(viewer: JointViewer, joint: JointRow, schoolId: number): boolean {
  if (viewer.kind === 'bureau' || viewer.schoolId === schoolId) return true;
  return joint.school_labels === 'names';
}

/** The joint exams as the viewer sees them (names or codes, own exam ids only). */
export async function jointSummaries(
  db: Db,
  viewer: JointViewer,
  joints: readonly JointRow[],
): Promise<JointExamData[]> {
  if (joints.length === 0) return [];
  const ids = joints.map((j) => j.id);
  const [schools, subjects, regions] = await Promise.all([
    db
      .selectFrom('joint_exam_schools as js')
      .innerJoin('schools as s', 's.id', 'js.school_id')
      .innerJoin('exams as e', 'e.id', 'js.exam_id')
      .select((eb) => [
        'js.joint_exam_id',
        'js.school_id',
        'js.exam_id',
        'js.code',
        's.name',
        'e.state',
        eb
          .selectFrom('exam_students as es')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('es.exam_id', '=', 'js.exam_id')
          .as('students'),
      ])
      .where('js.joint_exam_id', 'in', ids)
      .orderBy('js.joint_exam_id')
      .orderBy('js.sort_order')
      .execute(),
    db
      .selectFrom('joint_exam_subjects')
      .selectAll()
      .where('joint_exam_id', 'in', ids)
      .orderBy('joint_exam_id')
      .orderBy('sort_order')
      .execute(),
    db.selectFrom('regions').select(['id', 'name']).execute(),
  ]);
  const leads = await db
    .selectFrom('schools')
    .select(['id', 'name'])
    .where('id', 'in', [0, ...joints.map((j) => j.lead_school_id ?? 0)])
    .execute();
  const regionName = new Map(regions.map((r) => [r.id, r.name]));
  const leadName = new Map(leads.map((s) => [s.id, s.name]));
  return joints.map((joint) => ({
    id: joint.id,
    name: joint.name,
    examType: joint.exam_type,
    examDate: joint.exam_date,
    gradeNum: joint.grade_num,
    organiser:
      joint.lead_school_id === null
        ? `${regionName.get(joint.region_id ?? 0) ?? ''}教育局`
        : (leadName.get(joint.lead_school_id) ?? ''),
    schoolLabels: joint.school_labels === 'codes' ? 'codes' : 'names',
    subjects: subjects
      .filter((s) => s.joint_exam_id === joint.id)
      .map((s) => ({
        subjectCode: s.subject_code,
        subjectName: s.subject_name,
        fullMarks: Number(s.full_marks),
      })),
    schools: schools
      .filter((s) => s.joint_exam_id === joint.id)
      .map((s) => {
        const named = seesName(viewer, joint, s.school_id);
        const own = viewer.kind === 'bureau' || viewer.schoolId === s.school_id;
        return {
          schoolId: named ? s.school_id : null,
          label: named ? s.name : s.code,
          code: s.code,
          examId: own ? s.exam_id : null,
          state: s.state,
          studentCount: Number(s.students ?? 0),
        };
      }),
    organising: organises(viewer, joint),
  }));
}

/** The `joint_exam_subjects` rows of a joint exam's subjects, in the order given. */
export const jointSubjectRows = (
  jointExamId: number,
  subjects: readonly { subjectCode: string; subjectName: string; fullMarks: number }[],
) =>
  subjects.map((s, i) => ({
    joint_exam_id: jointExamId,
    subject_code: s.subjectCode,
    subject_name: s.subjectName,
    full_marks: s.fullMarks,
    sort_order: i,
  }));

export interface JointPlan {
  regionId: number;
  leadSchoolId: number | null;
  organiserKey: string;
  idempotencyKey: string;
  name: string;
  examType: string;
  examDate: string;
  academicYear: number;
  gradeNum: number;
  schoolIds: readonly number[];
  subjects: readonly ExamSubjectInput[];
  schoolLabels: 'names' | 'codes';
  createdBy: number;
}

/**
 * Creates the joint exam and, in each school, a draft exam of its grade with that number (every
 * class and student), all in the caller's transaction. Refuses a school without such a grade or
 * students, naming it.
 */
export async function createJoint(trx: Db, clock: Clock, plan: JointPlan): Promise<number> {
  const at = clock.now().getTime();
  const { id } = await trx
    .insertInto('joint_exams')
    .values({
      region_id: plan.regionId,
      lead_school_id: plan.leadSchoolId,
      organiser_key: plan.organiserKey,
      idempotency_key: plan.idempotencyKey,
      name: plan.name.trim(),
      exam_type: plan.examType,
      exam_date: plan.examDate,
      academic_year: plan.academicYear,
      grade_num: plan.gradeNum,
      school_labels: plan.schoolLabels,
      created_by: plan.createdBy,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('joint_exam_subjects').values(jointSubjectRows(id, plan.subjects)).execute();
  const schools = await trx
    .selectFrom('schools')
    .select(['id', 'name'])
    .where('id', 'in', [...plan.schoolIds])
    .execute();
  const nameOf = new Map(schools.map((s) => [s.id, s.name]));
  for (const [order, schoolId] of plan.schoolIds.entries())
    await addSchoolExam(
      trx,
      { ...plan, jointExamId: id, at },
      schoolId,
      nameOf.get(schoolId) ?? '',
      order,
    );
  return id;
}

/**
 * Adds a school to a joint exam: a draft exam of its grade with the plan's number (every class and
 * student) and the plan's subjects, inside the caller's transaction. Refuses a school without such
 * a grade, classes or students, naming it.
 */
export async function addSchoolExam(
  trx: Db,
  plan: Pick<
    JointPlan,
    'academicYear' | 'gradeNum' | 'examType' | 'name' | 'examDate' | 'createdBy' | 'subjects'
  > & { jointExamId: number; at: number },
  schoolId: number,
  schoolName: string,
  order: number,
): Promise<number> {
  const grade = await trx
    .selectFrom('grades')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .where('academic_year', '=', plan.academicYear)
    .where('grade_num', '=', plan.gradeNum)
    .orderBy('id')
    .executeTakeFirst();
  if (!grade) throw badRequest(`${schoolName}没有该年级`);
  const classIds = (
    await trx.selectFrom('classes').select('id').where('grade_id', '=', grade.id).execute()
  ).map((c) => c.id);
  if (classIds.length === 0) throw badRequest(`${schoolName}${grade.name}还没有班级`);
  const participants = await resolveParticipants(trx, schoolId, {
    gradeId: grade.id,
    classIds,
    studentIds: undefined,
  }).catch(() => {
    throw badRequest(`${schoolName}${grade.name}还没有学生`);
  });
  const examId = await createDraftExam(trx, {
    schoolId,
    academicYear: plan.academicYear,
    gradeId: grade.id,
    examType: plan.examType,
    name: plan.name,
    examDate: plan.examDate,
    createdBy: plan.createdBy,
    at: plan.at,
    subjects: plan.subjects,
    classIds,
    participants,
  });
  await trx
    .insertInto('joint_exam_schools')
    .values({
      joint_exam_id: plan.jointExamId,
      school_id: schoolId,
      exam_id: examId,
      code: schoolCode(order),
      sort_order: order,
    })
    .execute();
  return examId;
}
