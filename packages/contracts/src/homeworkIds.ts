import { Id, Obj, titled } from './builders';

/** The ids the homework calls take, and the bodies naming one homework or one hand-in. Internal. */

/** A homework's id in a request (作业). */
export const HomeworkId = titled('作业', Id);
/** A body naming one homework. */
export const ByHomework = Obj({ id: HomeworkId });

/** A hand-in's id in a request (提交). */
export const SubmissionId = titled('提交', Id);
/** A body naming one hand-in. */
export const BySubmission = Obj({ submissionId: SubmissionId });
