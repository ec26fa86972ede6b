import type { ExamInput } from '../types';
import { compareIds } from './gather';

/** Students a report covers, as indices into `ExamInput.students`. */
export interface Group {
  readonly id: string;
  readonly classIds: readonly string[];
  readonly members: Int32Array;
  /** Subjects reported; null for all. */
  readonly subjectIds: ReadonlySet<string> | null;
}

function membersOf(
  byId: Int32Array,
  classOf: readonly string[],
  classIds: ReadonlySet<string>,
): Int32Array {
  return byId.filter((s) => classIds.has(classOf[s] as string));
}

/**
 * The grade, each class (sorted by id, including listed empty classes) and each teacher's classes.
 * Members are listed in student-id order, so that every sum runs in the same order whatever the
 * input order and results agree to the last bit.
 */
export function buildGroups(input: ExamInput): {
  grade: Group;
  classes: Group[];
  teachers: Group[];
} {
  const classOf = input.students.map((s) => s.classId);
  const classIds = [...new Set([...classOf, ...(input.classIds ?? [])])].sort(compareIds);
  const byId = Int32Array.from(classOf, (_, s) => s).sort((a, b) =>
    compareIds(input.students[a]!.id, input.students[b]!.id),
  );
  const byClass = new Map<string, number[]>(classIds.map((c) => [c, []]));
  for (const s of byId) byClass.get(classOf[s] as string)!.push(s);
  const grade: Group = { id: 'grade', classIds, members: byId, subjectIds: null };
  const classes = classIds.map((id) => ({
    id,
    classIds: [id],
    members: Int32Array.from(byClass.get(id)!),
    subjectIds: null,
  }));
  const teachers = (input.teachers ?? []).map((t) => {
    const ids = [...new Set(t.classIds)].sort(compareIds);
    return {
      id: t.id,
      classIds: ids,
      members: membersOf(byId, classOf, new Set(ids)),
      subjectIds: t.subjectIds ? new Set(t.subjectIds) : null,
    };
  });
  return { grade, classes, teachers };
}
