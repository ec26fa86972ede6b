import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { isNetworkFailure } from '@examkit/core';
import { Button, themeOf } from '@examkit/ui';
import { styled } from 'styled-components';

/** The guide's code (spec 000 §3: parent guide fields tel, code 3, userId). */
export const PARENT_GUIDE_CODE = 3;

const Bar = styled.section`
  display: flex;
  align-items: center;
  gap: 12px;
  margin: 0 0 12px;
  padding: 10px 16px;
  border: 1px solid ${(p) => themeOf(p).colors.primary};
  border-radius: 4px;
  background: ${(p) => themeOf(p).colors.surface};
  p {
    flex: 1;
    margin: 0;
  }
`;

/**
 * The parent guide (spec 000 §2): shown once per user until they open it with "立即查看"
 * (which leads to /new-home-message/detail) or close it; either is recorded on the server with
 * setParentGuide. A bar above the page rather than a mask, so it never blocks work
 * (docs/messages.md).
 */
export function ParentGuide() {
  const { auth } = useExamkit();
  const navigate = useNavigate();
  const user = useExamkitStore((s) => s.user);
  const [show, setShow] = useState(false);
  const userId = user?.userId;
  const tel = user?.tel ?? '';

  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    auth
      .getParentGuide({ tel, userId })
      .then((reply) => {
        if (live && !isNetworkFailure(reply) && !reply.data.seen) setShow(true);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [auth, tel, userId]);

  if (!show || userId === undefined) return null;
  const seen = () => {
    setShow(false);
    void auth.setParentGuide({ tel, code: PARENT_GUIDE_CODE, userId }).catch(() => {});
  };
  return (
    <Bar aria-label="家长使用指南">
      <p>家长使用指南：家长如何查看孩子的成绩报告、作业和学校通知，一页说明。</p>
      <Button
        type="primary"
        onClick={() => {
          seen();
          navigate('/new-home-message/detail');
        }}
      >
        立即查看
      </Button>
      <Button onClick={seen}>知道了</Button>
    </Bar>
  );
}
