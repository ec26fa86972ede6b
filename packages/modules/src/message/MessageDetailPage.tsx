import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import type { DataOf, messageRoutes } from '@examkit/contracts';
import { MESSAGE_KIND_NAMES } from '@examkit/contracts/rules';
import { formatDate } from '@examkit/core';
import { Markdown } from '@examkit/assistant';
import { LOADING_TEXT, themeOf } from '@examkit/ui';
import { announceMessagesChanged } from '../common/messageEvents';
import { messageRefs } from '../common/shellRoutes';
import { PageBox } from '../common/styled';
import { useApiCall } from '../common/useApiCall';
import { HELP_ARTICLES, PARENT_GUIDE_ARTICLE } from './help/articles';

type Item = DataOf<typeof messageRoutes.detail>;

const Meta = styled.p`
  color: ${(p) => themeOf(p).colors.textSecondary};
`;

const Body = styled.div`
  padding: 16px 24px;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  background: ${(p) => themeOf(p).colors.surface};
  white-space: pre-wrap;
  line-height: 1.8;
`;

const Links = styled.p`
  display: flex;
  gap: 24px;
`;

/**
 * /new-home-message/detail: one message (`?id=`), marked read when opened. Without an id it is
 * the parent guide, where the guide's "立即查看" leads (spec 000 §2).
 */
export function MessageDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const call = useApiCall();
  const [item, setItem] = useState<Item | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (!Number.isInteger(id) || id < 1) return;
    let live = true;
    setItem(null);
    void call(messageRefs.detail, { id }).then((r) => {
      if (!live) return;
      if (!r.ok) return setMissing(true);
      setItem(r.data);
      announceMessagesChanged();
    });
    return () => {
      live = false;
    };
  }, [call, id]);

  const back = <Link to="/new-home-message/index">返回消息列表</Link>;
  if (!params.get('id')) {
    const guide = HELP_ARTICLES.find((a) => a.id === PARENT_GUIDE_ARTICLE)!;
    return (
      <PageBox aria-labelledby="message-detail-title">
        <h1 id="message-detail-title">{guide.title}</h1>
        <Body as="article">
          <Markdown text={guide.body} />
        </Body>
        <Links>{back}</Links>
      </PageBox>
    );
  }
  if (missing)
    return (
      <PageBox aria-labelledby="message-detail-title">
        <h1 id="message-detail-title">消息不存在</h1>
        <p>这条消息不存在或不是发给您的。</p>
        <Links>{back}</Links>
      </PageBox>
    );
  if (!item) return <p>{LOADING_TEXT}</p>;
  return (
    <PageBox aria-labelledby="message-detail-title">
      <h1 id="message-detail-title">{item.title}</h1>
      <Meta>
        {MESSAGE_KIND_NAMES[item.kind]} ·{' '}
        {item.senderName ? `发布人：${item.senderName}` : '系统消息'} ·{' '}
        {formatDate(item.createdAt, 'YYYY-MM-DD HH:mm')}
      </Meta>
      <Body as="article">{item.content}</Body>
      <Links>
        {item.link && <Link to={item.link}>前往查看</Link>}
        {back}
      </Links>
    </PageBox>
  );
}
