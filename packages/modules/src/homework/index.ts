import { homeworkPages } from './homeworkPages';

export { homeworkPages };
export { createHomeworkRoutes } from './createHomeworkRoutes';
export type { HomeworkRoutesOptions } from './createHomeworkRoutes';
export { readHomeworkHeader, writeHomeworkHeader } from './headerStore';
export type { HomeworkHeader } from './headerStore';
export type { ModuleRoutesOptions } from '../routes/createModuleRoutes';
