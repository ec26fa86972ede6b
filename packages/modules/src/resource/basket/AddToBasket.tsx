import { useState } from 'react';
import type { BankQuestionItem } from '@examkit/contracts';
import { isNetworkFailure } from '@examkit/core';
import { useExamkit } from '@examkit/core/react';
import { Button } from '@examkit/ui';
import { basketRefs } from '../../common/shellRoutes';
import { setInBasket, useBasketIds } from './useBasketIds';

/**
 * The 加入试题篮 / 移出试题篮 toggle of a question in a list: it adds or removes the question
 * on the server and updates the floating basket's count and subject at once.
 */
export function AddToBasket({ question }: { question: BankQuestionItem }) {
  const { http, store } = useExamkit();
  const ids = useBasketIds(question.subjectCode);
  const inBasket = ids.has(question.id);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    setBusy(true);
    try {
      const route = inBasket ? basketRefs.remove : basketRefs.add;
      const reply = await http.call(
        route,
        { body: { questionId: question.id } },
        { dedupe: false },
      );
      if (isNetworkFailure(reply)) return;
      setInBasket(question.subjectCode, question.id, !inBasket);
      store.getState().patch({
        basketCount: reply.data.questCount,
        subjectInfo: { subjectCode: question.subjectCode, gradeNum: question.gradeNum ?? '' },
      });
    } catch {
      // core already showed the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      type={inBasket ? 'default' : 'primary'}
      loading={busy}
      aria-label={`${inBasket ? '移出试题篮' : '加入试题篮'}：试题 ${question.id}`}
      onClick={() => void toggle()}
    >
      {inBasket ? '移出试题篮' : '加入试题篮'}
    </Button>
  );
}
