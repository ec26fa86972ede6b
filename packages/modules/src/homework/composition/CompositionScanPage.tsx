import { HomeworkScanPage } from '../pages/HomeworkScanPage';

/** /homework/composition/{id}/scan: the homework scan page, its links leading to 作文批改. */
export function CompositionScanPage() {
  return <HomeworkScanPage composition />;
}
