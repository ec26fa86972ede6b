import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { isNetworkFailure } from '@examkit/core';
import { useExamkit } from '@examkit/core/react';
import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';
import { MESSAGES_CHANGED } from '../common/messageEvents';
import { messageRefs } from '../common/shellRoutes';

/** How often the header asks for the unread count while a page stays open. @default 60 s */
export const UNREAD_POLL_MS = 60_000;

const Count = styled.span`
  display: inline-block;
  min-width: 18px;
  margin-left: 4px;
  padding: 0 5px;
  font-size: 12px;
  line-height: 18px;
  text-align: center;
  border-radius: 9px;
  color: #fff;
  background: ${(p) => themeOf(p).colors.danger};
`;

/** Read by screen readers, not shown. */
const Hidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

/**
 * The header's 消息通知 entry with the unread count (docs/messages.md), asked for on every page
 * change, every minute and whenever a message page reads messages; and 帮助中心, which opens
 * in a new tab (spec 000 §2).
 */
export function MessageEntry() {
  const { http } = useExamkit();
  const { pathname } = useLocation();
  const [count, setCount] = useState(0);

  useEffect(() => {
    let live = true;
    const refresh = () => {
      http
        .call(messageRefs.unreadCount, {}, { errorMessage: false, dedupe: false })
        .then((reply) => {
          if (live && !isNetworkFailure(reply)) setCount(reply.data.count);
        })
        .catch(() => {});
    };
    refresh();
    const timer = window.setInterval(refresh, UNREAD_POLL_MS);
    window.addEventListener(MESSAGES_CHANGED, refresh);
    return () => {
      live = false;
      window.clearInterval(timer);
      window.removeEventListener(MESSAGES_CHANGED, refresh);
    };
  }, [http, pathname]);

  return (
    <>
      <Link
        to="/new-home-message/index"
        aria-current={pathname.startsWith('/new-home-message') ? 'page' : undefined}
      >
        消息通知
        {count > 0 && (
          <Count>
            <Hidden>，</Hidden>
            {count > 99 ? '99+' : count}
            <Hidden> 条未读</Hidden>
          </Count>
        )}
      </Link>
      <a href="/new-home-help/index" target="_blank" rel="noopener">
        帮助中心
      </a>
    </>
  );
}
