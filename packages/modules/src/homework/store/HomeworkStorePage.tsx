import { Link } from 'react-router-dom';
import { useListMemory } from '@examkit/core/react';
import { QuestionBankPage } from '../../resource/bank/QuestionBankPage';
import { useBankChoices } from '../../resource/bank/useBankChoices';
import { HomeworkBasketContext, HomeworkBasketToggle, useHomeworkBasket } from './homeworkBasket';

/** The list memory of the store page: its subject is also the basket's. */
export const STORE_MEMORY = 'homework-store';

/**
 * /homework/school-base/store (从题库选题): the bank's list (knowledge point, type, difficulty,
 * keyword) with 加入作业篮 on each question, and the way to the homework basket.
 */
export function HomeworkStorePage() {
  const [memory] = useListMemory(STORE_MEMORY);
  const { subjects } = useBankChoices();
  const subjectCode = memory.subjectCode || subjects[0]?.subjectCode || '';
  const basket = useHomeworkBasket(subjectCode);
  return (
    <HomeworkBasketContext.Provider value={basket}>
      <QuestionBankPage
        bank="school"
        picker={{
          title: '从题库选题',
          memoryKey: STORE_MEMORY,
          Toggle: HomeworkBasketToggle,
          links: (
            <>
              <Link to={`/homework/school-base/store/basket?subject=${subjectCode}`}>
                作业篮（{basket.ids.size}）
              </Link>
              {' · '}
              <Link to="/homework/school-base">返回校本作业</Link>
            </>
          ),
        }}
      />
    </HomeworkBasketContext.Provider>
  );
}
