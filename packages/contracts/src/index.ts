export { ResultCode } from './codes';
export { GRADES, gradeNumOf } from './reference';
export { Envelope, EmptyData, Paged } from './envelope';
export type { ApiEnvelope, Page, StaticEnvelope } from './envelope';
export { PermItem, Role, UserInfo, SchoolOption, ChooseSchoolData, WxNotBoundData } from './user';
export type { PermNode } from './user';
export { route } from './route';
export { FIELD_LABELS } from './fieldLabels';
export type { RouteContract, BodyEncoding, BodyOf, QueryOf, DataOf } from './route';
export { authRoutes } from './auth';
export { scopeRoutes, MyScope } from './scope';
export { permissionCatalogue, PERMISSION_KEYS } from './permissions';
export type { CatalogueEntry } from './permissions';
export { academicYearOf, termOf, resolveEffectiveAccess, roleCodes, rolePerms } from './academic';
export type { EffectiveAccess } from './academic';
export * from './school';
export * from './exam';
export * from './online';
export * from './marking';
export * from './scan';
export * from './report';
export {
  downloadRoutes,
  DownloadJob,
  DownloadKind,
  DownloadState,
  DownloadStarted,
  DOWNLOAD_FILE_URL,
  DOWNLOAD_RETENTION_DAYS,
} from './download';
export * from './ai';
export * from './examPrint';
export * from './examBatch';
export * from './examTool';
export * from './message';
export * from './resource';
export { bankQuestionInputOf } from './bankQuestionInput';
export * from './resourceWrong';
export * from './region';
export * from './operator';
export * from './joint';
export * from './crossSchool';
export * from './analytic';
export * from './regionAnalytic';
export * from './teaching';
export * from './teachResearch';
export * from './teachingAssistant';
export * from './teachResearchUsage';
export * from './appraise';
export * from './jointReports';
export * from './jointPaper';
export * from './jointPool';
export * from './jointOrganise';
export * from './homework';
export * from './homeworkSubmission';
export * from './homeworkStore';
export * from './homeworkComposition';
export * from './homeworkAssistant';
export * from './homeworkWorkbook';
export * from './homeworkReport';
export * from './homeworkOnline';
export * from './homeworkPaper';
export * from './homeworkCollate';
export * from './homeworkDownload';
export * from './homeworkGroup';
export * from './homeworkWordExercise';
export * from './homeworkWordScan';
export * from './homeworkQuestionPoints';
export * from './oss';
export * from './resourceBasket';
export * from './resourcePaper';
export * from './resourceAnalysis';
export * from './resourceAssistant';
export * from './resourceQuestion';
export * from './gaokao';
export * from './gaokaoJoint';
export * from './jointSnapshot';
