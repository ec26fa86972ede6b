import type { DataOf, administrationRoutes } from '@examkit/contracts';

type Routes = typeof administrationRoutes;

/** The answer of a spreadsheet import (`status: 'rejected'` lists every bad row). */
export type ImportOutcome = DataOf<Routes['importStudents']>;
/** A student row of the lists. */
export type StudentRow = DataOf<Routes['getStudent']>;
/** A teacher row of the lists. */
export type TeacherRow = DataOf<Routes['queryTeachers']>['list'][number];
/** A role with its data scope and holder count. */
export type RoleRow = DataOf<Routes['roleList']>[number];
