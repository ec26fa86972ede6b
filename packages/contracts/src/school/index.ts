import { abilityRoutes } from './abilities';
import { classRoutes } from './classes';
import { dictionaryRoutes } from './dictionary';
import { homeworkRoutes } from './homework';
import { parameterRoutes } from './parameters';
import { roleRoutes } from './roles';
import { schoolRoutes } from './schools';
import { studentRoutes } from './students';
import { teacherRoutes } from './teachers';
import { teachingClassRoutes } from './teachingClasses';

export { PageBody, FileData, ImportError, ImportResult, Subject } from './common';
export { LevelLines, ReportPush } from './dictionary';
export { Grade } from './schools';
export { SchoolClass, ClassRole, PermClass } from './classes';
export { RoleItem } from './roles';
export { PARAM_TYPES, ParamType, ParamValue, Param } from './parameters';
export { AbilityItem } from './abilities';
export { Teacher, Assignment, TeacherDetail, YearHistory } from './teachers';
export { ElectiveCombo, Student } from './students';
export { TeachClass } from './teachingClasses';
export {
  CORRECTION_MODES,
  CORRECTION_MODE_LABELS,
  CorrectionMode,
  TEXTBOOK_EDITIONS,
  TextbookEdition,
  VOLUME_SUGGESTIONS,
  HomeworkSettingInput,
  HomeworkSetting,
  TextbookCorrelationInput,
  TextbookCorrelation,
} from './homework';

/** The school administration calls under /marking-user (spec 001 §7); each entry is a {@link RouteContract} made with `route()`. */
export const administrationRoutes = {
  ...dictionaryRoutes,
  ...schoolRoutes,
  ...classRoutes,
  ...roleRoutes,
  ...parameterRoutes,
  ...teacherRoutes,
  ...studentRoutes,
  ...teachingClassRoutes,
  ...abilityRoutes,
  ...homeworkRoutes,
};
