/**
 * The contract's pure rules and constants, free of the schema library, so
 * browser packages can use them without shipping the schemas.
 */
export { ResultCode } from './codes';
export { GRADES, gradeNumOf } from './reference';
export { permissionCatalogue, PERMISSION_KEYS } from './permissions';
export { academicYearOf, termOf, resolveEffectiveAccess, roleCodes, rolePerms } from './academic';
export type { EffectiveAccess } from './academic';
export type { CatalogueEntry } from './permissions';
export { MESSAGE_KINDS, MESSAGE_KIND_NAMES } from './messageKinds';
export type { MessageKindName } from './messageKinds';
export { OPERATOR_ACTIONS, OPERATOR_ACTION_KEYS } from './operatorActions';
export {
  QUESTION_TYPE_KEYS,
  QUESTION_TYPES,
  DEFAULT_SCORES,
  OBJECTIVE_TYPES,
  DIFFICULTIES,
  STAGES,
  stageOfGrade,
} from './questionKinds';
export type { BankQuestionType, Stage } from './questionKinds';
export {
  SUBMISSION_STATUSES,
  SUBMISSION_STATUS_LABELS,
  JUDGEMENTS,
  JUDGEMENT_LABELS,
  SUBMISSION_SOURCE_LABELS,
  ANNOTATION_KINDS,
  ANNOTATION_KIND_LABELS,
} from './homeworkStatus';
export type { SubmissionStatus, Judgement, AnnotationKind } from './homeworkStatus';
export { bankQuestionInputOf } from './bankQuestionInput';
export { ASSISTANT_MIXES, ASSISTANT_MIX_NAMES } from './assistantMixes';
export type { AssistantMix } from './assistantMixes';
