import { lazy, type ComponentType } from 'react';
import type { PageLoader } from '../routes/types';

// The parameter pages' route paths (kept here so the barrel does not load the page's chunk).
const PARM_PATHS = [
  'level',
  'report-push',
  'knowledge',
  'undulate',
  'count',
  'ability',
  'accomplishment',
  'average',
  'gradeSet',
  'other',
  'homework',
];

/**
 * The system administration pages (spec 001 §2 "System") by route name of the catalogue,
 * each loaded on first visit as its own chunk: pass them to
 * `createExamkitRoutes({ pages: { ...systemPages } })`.
 * @see docs/modules.md
 */
export const systemPages: Readonly<Record<string, PageLoader>> = {
  'system-student-list': () => import('./pages/StudentListPage').then((m) => m.StudentListPage),
  'system-student-new': () => import('./pages/StudentFormPage').then((m) => m.StudentFormPage),
  'system-student-edit': () => import('./pages/StudentFormPage').then((m) => m.StudentFormPage),
  'system-student-xgk': () => import('./pages/ElectivePage').then((m) => m.ElectivePage),
  'system-role': () => import('./pages/RolePage').then((m) => m.RolePage),
  'system-teacher-list': () => import('./pages/TeacherListPage').then((m) => m.TeacherListPage),
  'system-teacher-new': () => import('./pages/TeacherFormPage').then((m) => m.TeacherFormPage),
  'system-teacher-edit': () => import('./pages/TeacherFormPage').then((m) => m.TeacherFormPage),
  'system-class': () => import('./pages/ClassPage').then((m) => m.ClassPage),
  'system-homework': () =>
    import('./pages/HomeworkSettingsPage').then((m) => m.HomeworkSettingsPage),
  'system-homework-correlation': () =>
    import('./pages/TextbookCorrelationPage').then((m) => m.TextbookCorrelationPage),
  'system-assignedClass': () =>
    import('./pages/AssignedClassPage').then((m) => m.AssignedClassPage),
  ...Object.fromEntries(
    PARM_PATHS.map((path): [string, PageLoader] => [
      `system-parm-${path}`,
      () => import('./pages/ParmPage').then((m) => m.ParmPage),
    ]),
  ),
};

/** A page as a `React.lazy` component: its own chunk, rendered inside `<Suspense>`. */
const lazyPage = (load: PageLoader) =>
  lazy(async (): Promise<{ default: ComponentType }> => ({ default: await load() }));

export const StudentListPage = lazyPage(systemPages['system-student-list']!);
export const StudentFormPage = lazyPage(systemPages['system-student-new']!);
export const RolePage = lazyPage(systemPages['system-role']!);
export const TeacherListPage = lazyPage(systemPages['system-teacher-list']!);
export const TeacherFormPage = lazyPage(systemPages['system-teacher-new']!);
export const ClassPage = lazyPage(systemPages['system-class']!);
export const AssignedClassPage = lazyPage(systemPages['system-assignedClass']!);
export const ElectivePage = lazyPage(systemPages['system-student-xgk']!);
export const ParmPage = lazyPage(systemPages['system-parm-level']!);
export const HomeworkSettingsPage = lazyPage(systemPages['system-homework']!);
export const TextbookCorrelationPage = lazyPage(systemPages['system-homework-correlation']!);

export { PermissionTree } from './components/PermissionTree';
export type { PermissionTreeProps } from './components/PermissionTree';
export { ImportDialog } from '../common/ImportDialog';
export type { ImportDialogProps } from '../common/ImportDialog';
export type { ImportOutcome, RoleRow, StudentRow, TeacherRow } from './types';
