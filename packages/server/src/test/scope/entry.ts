/**
 * How a route is checked:
 * - `list`: read; every student, class and (with `subjects`) subject in its answer is in scope.
 * - `single`: read of one student; out of scope answers exactly as a missing id.
 * - `marking`: read of a block's papers; only the block's leaders and managers see students.
 * - `covered`: not a read of personal data through these inputs, with where its rule is tested.
 */
export type Entry =
  | {
      kind: 'list';
      byClass?: boolean;
      bySubject?: boolean;
      subjects?: boolean;
      /** Send the grade 高二 (gradeId): the demo's 选科 are in 高二 and 高三. */
      grade?: boolean;
      /** Send groups of the three classes. */
      groups?: boolean;
      /** The demo has nothing here outside a teacher's scope (no scan exceptions, …). */
      emptyInDemo?: boolean;
      body?: Partial<Record<string, unknown>>;
    }
  | { kind: 'single'; body?: Partial<Record<string, unknown>> }
  | {
      kind: 'marking';
      markers: 'refused' | 'anonymous';
      /** Only markers take papers: managers and leaders who do not mark are refused. */
      markersOnly?: boolean;
      body?: Partial<Record<string, unknown>>;
    }
  | { kind: 'covered'; why: string };

/** A route checked elsewhere, with where (a write, or a read without personal data). */
export const WRITE = (
  why = 'a write: exam managers only (exam/routes.test.ts), foreign ids below',
) => ({ kind: 'covered', why }) as const;
