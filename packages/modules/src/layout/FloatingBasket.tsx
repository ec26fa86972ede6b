import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import { isNetworkFailure } from '@examkit/core';
import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { themeOf } from '@examkit/ui';
import { BASKET_CHANGED } from '../common/basketEvents';
import { basketRefs } from '../common/shellRoutes';

/** The text shown when the basket is opened empty (spec 000 §8). */
export const EMPTY_BASKET = '请先选择试题';

const Float = styled.button`
  position: fixed;
  right: 8px;
  top: 40%;
  z-index: 900;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 4px;
  width: 64px;
  padding: 10px 4px;
  border: none;
  border-radius: 8px;
  cursor: pointer;
  font-size: 13px;
  color: #fff;
  background: ${(p) => themeOf(p).colors.primary};
  box-shadow: 0 2px 8px rgb(0 0 0 / 20%);
  &:focus-visible {
    outline: 3px solid ${(p) => themeOf(p).colors.text};
    outline-offset: 2px;
  }
`;

const Count = styled.span`
  min-width: 22px;
  padding: 0 6px;
  border-radius: 11px;
  line-height: 22px;
  font-weight: 600;
  color: ${(p) => themeOf(p).colors.text};
  background: #fff;
`;

/**
 * The floating question basket of /resource/ pages (spec 000 §2, §7, §8): 试题篮 with the
 * count of the current subject's basket (or, after a reload, the basket added to last). With 0 it
 * warns 请先选择试题; otherwise it opens /resource/basket with gradeNum and subject.
 */
export function FloatingBasket() {
  const { http, store } = useExamkit();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const userId = useExamkitStore((s) => s.user?.userId);
  const count = useExamkitStore((s) => s.basketCount);
  const subject = useExamkitStore((s) => s.subjectInfo);

  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    const refresh = () => {
      const { subjectInfo } = store.getState();
      const body = {
        userId: Number(userId),
        ...(subjectInfo.subjectCode ? { subjectCode: subjectInfo.subjectCode } : {}),
      };
      http
        .call(basketRefs.count, { body }, { dedupe: false })
        .then((reply) => {
          if (!live || isNetworkFailure(reply)) return;
          const { questCount, subjectCode, gradeNum } = reply.data;
          store.getState().patch({
            basketCount: questCount,
            ...(subjectCode && !subjectInfo.subjectCode
              ? { subjectInfo: { subjectCode, gradeNum: gradeNum ?? '' } }
              : {}),
          });
        })
        .catch(() => {});
    };
    refresh();
    window.addEventListener(BASKET_CHANGED, refresh);
    return () => {
      live = false;
      window.removeEventListener(BASKET_CHANGED, refresh);
    };
  }, [http, store, userId, pathname]);

  const open = () => {
    if (count === 0) {
      http.notifier.message('warning', EMPTY_BASKET);
      return;
    }
    const query = new URLSearchParams({
      gradeNum: String(subject.gradeNum),
      subject: subject.subjectCode,
    });
    navigate(`/resource/basket?${query}`);
  };

  return (
    <Float type="button" onClick={open} aria-label={`试题篮，${count} 道试题`}>
      <span aria-hidden="true">试题篮</span>
      <Count aria-hidden="true">{count > 99 ? '99+' : count}</Count>
    </Float>
  );
}
