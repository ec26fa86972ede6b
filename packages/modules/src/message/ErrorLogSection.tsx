import { useEffect, useState } from 'react';
import type { DataOf, messageRoutes } from '@examkit/contracts';
import { formatDate } from '@examkit/core';
import { Empty, LOADING_TEXT } from '@examkit/ui';
import { Pager } from '../common/Pager';
import { messageRefs } from '../common/shellRoutes';
import { Table } from '../common/styled';
import { useApiCall } from '../common/useApiCall';

type Page = DataOf<typeof messageRoutes.errorLogList>;
const PAGE_SIZE = 10;
const KIND_NAMES: Record<string, string> = {
  error: '脚本错误',
  unhandledrejection: '未处理的异步错误',
};

/**
 * 客户端错误日志, under the school administrator's messages: the app's own uncaught errors in
 * the browsers of this school, grouped, without personal data (docs/messages.md).
 */
export function ErrorLogSection() {
  const call = useApiCall();
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page | null>(null);
  useEffect(() => {
    let live = true;
    void call(messageRefs.errorLogList, { pageNum, pageSize: PAGE_SIZE }, { dedupe: false }).then(
      (r) => live && r.ok && setPage(r.data),
    );
    return () => {
      live = false;
    };
  }, [call, pageNum]);

  return (
    <section aria-labelledby="error-log-title">
      <h2 id="error-log-title">客户端错误日志</h2>
      <p>本校用户浏览器中出现的未处理错误，已去除手机号、令牌和地址参数，供排查问题使用。</p>
      {!page ? (
        <p>{LOADING_TEXT}</p>
      ) : page.list.length === 0 ? (
        <Empty text="暂无错误记录" />
      ) : (
        <>
          <Table aria-label="客户端错误日志">
            <thead>
              <tr>
                <th scope="col">类型</th>
                <th scope="col">错误信息</th>
                <th scope="col">页面</th>
                <th scope="col">次数</th>
                <th scope="col">最近出现</th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((e) => (
                <tr key={e.id}>
                  <td>{KIND_NAMES[e.kind] ?? e.kind}</td>
                  <td>
                    <details>
                      <summary>
                        <code lang="en">{e.message}</code>
                      </summary>
                      <pre lang="en">{e.stack || '（无调用栈）'}</pre>
                      <p>
                        浏览器：<code lang="en">{e.userAgent}</code>；首次出现{' '}
                        {formatDate(e.firstSeenAt, 'YYYY-MM-DD HH:mm')}
                      </p>
                    </details>
                  </td>
                  <td>
                    <code>{e.page}</code>
                  </td>
                  <td>{e.count}</td>
                  <td>{formatDate(e.lastSeenAt, 'YYYY-MM-DD HH:mm')}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager total={page.total} page={pageNum} pageSize={PAGE_SIZE} onPage={setPageNum} />
        </>
      )}
    </section>
  );
}
