import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import type { DataOf, messageRoutes } from '@examkit/contracts';
import { MESSAGE_KIND_NAMES } from '@examkit/contracts/rules';
import { formatDate } from '@examkit/core';
import { useExamkitStore } from '@examkit/core/react';
import { hasPermission } from '@examkit/permission';
import { Button, Empty, LOADING_TEXT, themeOf } from '@examkit/ui';
import { announceMessagesChanged } from '../common/messageEvents';
import { Pager } from '../common/Pager';
import { messageRefs } from '../common/shellRoutes';
import { PageBox, Spacer, Toolbar } from '../common/styled';
import { useApiCall } from '../common/useApiCall';
import { useLatestRequest } from '../common/useLatestRequest';
import { useMyScope } from '../common/useMyScope';
import { ErrorLogSection } from './ErrorLogSection';
import { NoticeDialog } from './NoticeDialog';

type Page = DataOf<typeof messageRoutes.list>;
const PAGE_SIZE = 20;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid ${(p) => themeOf(p).colors.border};
  li {
    display: grid;
    grid-template-columns: 88px 1fr auto;
    gap: 12px;
    align-items: center;
    padding: 12px 16px;
    border-top: 1px solid ${(p) => themeOf(p).colors.border};
  }
  li:first-child {
    border-top: none;
  }
  li[data-unread] a {
    font-weight: 600;
  }
  time {
    color: ${(p) => themeOf(p).colors.textSecondary};
  }
`;

const Kind = styled.span`
  font-size: 12px;
  text-align: center;
  padding: 2px 6px;
  border-radius: 3px;
  border: 1px solid ${(p) => themeOf(p).colors.border};
`;

const Dot = styled.span`
  color: ${(p) => themeOf(p).colors.danger};
  margin-right: 6px;
  font-size: 12px;
`;

/** /new-home-message/index: the signed-in user's messages, all or unread, page by page. */
export function MessageListPage() {
  const call = useApiCall();
  const codes = useExamkitStore((s) => s.permCodes);
  const scope = useMyScope();
  const admin = hasPermission(codes, 'System') && scope?.schoolWide === true;
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page | null>(null);
  const [writing, setWriting] = useState(false);

  const beginRequest = useLatestRequest();
  const load = useCallback(async () => {
    const isLatest = beginRequest();
    // Every filter or page change asks again; only the newest answer is shown.
    const r = await call(
      messageRefs.list,
      { pageNum, pageSize: PAGE_SIZE, unreadOnly },
      { dedupe: false },
    );
    if (isLatest() && r.ok) setPage(r.data);
  }, [call, beginRequest, pageNum, unreadOnly]);
  useEffect(() => {
    void load();
  }, [load]);

  const readAll = async () => {
    const r = await call(messageRefs.readAll, {}, { successMessage: '已全部标为已读' });
    if (!r.ok) return;
    announceMessagesChanged();
    await load();
  };
  const filter = (only: boolean) => {
    setUnreadOnly(only);
    setPageNum(1);
  };

  return (
    <PageBox aria-labelledby="message-title">
      <h1 id="message-title">消息通知</h1>
      <Toolbar>
        <div role="group" aria-label="筛选消息">
          <Button
            type={unreadOnly ? 'default' : 'primary'}
            aria-pressed={!unreadOnly}
            onClick={() => filter(false)}
          >
            全部消息
          </Button>{' '}
          <Button
            type={unreadOnly ? 'primary' : 'default'}
            aria-pressed={unreadOnly}
            onClick={() => filter(true)}
          >
            未读消息
          </Button>
        </div>
        <Spacer />
        <Button onClick={() => void readAll()}>全部标为已读</Button>
        {admin && (
          <Button type="primary" onClick={() => setWriting(true)}>
            发布通知
          </Button>
        )}
      </Toolbar>
      {!page ? (
        <p>{LOADING_TEXT}</p>
      ) : page.list.length === 0 ? (
        <Empty text={unreadOnly ? '没有未读消息' : '暂无消息'} />
      ) : (
        <>
          <List aria-label="消息列表">
            {page.list.map((m) => (
              <li key={m.id} data-unread={m.read ? undefined : ''}>
                <Kind>{MESSAGE_KIND_NAMES[m.kind]}</Kind>
                <span>
                  {!m.read && <Dot>未读</Dot>}
                  <Link to={`/new-home-message/detail?id=${m.id}`}>{m.title}</Link>
                </span>
                <time dateTime={new Date(m.createdAt).toISOString()}>
                  {formatDate(m.createdAt, 'YYYY-MM-DD HH:mm')}
                </time>
              </li>
            ))}
          </List>
          <Pager total={page.total} page={pageNum} pageSize={PAGE_SIZE} onPage={setPageNum} />
        </>
      )}
      {admin && (
        <NoticeDialog
          open={writing}
          onClose={() => setWriting(false)}
          onSent={() => {
            setWriting(false);
            void load();
            announceMessagesChanged();
          }}
        />
      )}
      {admin && <ErrorLogSection />}
    </PageBox>
  );
}
