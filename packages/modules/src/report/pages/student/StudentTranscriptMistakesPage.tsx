import { StudentTranscript } from './StudentTranscript';

/** 学生成绩单·错题. */
export function StudentTranscriptMistakesPage() {
  return <StudentTranscript tab="transcriptMistakes" />;
}
