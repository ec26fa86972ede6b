import { useParams } from 'react-router-dom';

/** The exam, class and student of a transcript route (`:examId/:classId/:studentId`). */
export function useTranscriptIds() {
  const params = useParams();
  return {
    examId: Number(params.examId) || 0,
    classId: Number(params.classId) || 0,
    studentId: Number(params.studentId) || 0,
  };
}
