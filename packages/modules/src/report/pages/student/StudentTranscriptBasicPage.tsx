import { StudentTranscript } from './StudentTranscript';

/** 学生成绩单·基本情况. */
export function StudentTranscriptBasicPage() {
  return <StudentTranscript tab="transcriptBasic" />;
}
