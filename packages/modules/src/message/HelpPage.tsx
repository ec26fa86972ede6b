import { Fragment } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { Markdown } from '@examkit/assistant';
import { Empty, themeOf } from '@examkit/ui';
import { KeywordSearch } from '../common/KeywordSearch';
import { PageBox, Toolbar } from '../common/styled';
import { HELP_ARTICLES, searchHelp, snippetOf } from './help/articles';

const Columns = styled.div`
  display: grid;
  grid-template-columns: 280px 1fr;
  gap: 24px;
  align-items: start;
  nav ul {
    margin: 0;
    padding: 0;
    list-style: none;
    border: 1px solid ${(p) => themeOf(p).colors.border};
    background: ${(p) => themeOf(p).colors.surface};
  }
  nav li {
    padding: 10px 12px;
    border-top: 1px solid ${(p) => themeOf(p).colors.border};
  }
  nav li:first-child {
    border-top: none;
  }
  nav a[aria-current='page'] {
    font-weight: 600;
  }
  nav small,
  nav p {
    display: block;
    margin: 4px 0 0;
    color: ${(p) => themeOf(p).colors.textSecondary};
  }
  article {
    padding: 8px 24px 24px;
    border: 1px solid ${(p) => themeOf(p).colors.border};
    background: ${(p) => themeOf(p).colors.surface};
  }
`;

/** The snippet with each occurrence of the word marked. */
function Highlighted({ text, word }: { text: string; word: string }) {
  if (!word) return <>{text}</>;
  const parts = text.split(new RegExp(`(${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'i'));
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? <mark key={i}>{part}</mark> : <Fragment key={i}>{part}</Fragment>,
      )}
    </>
  );
}

/**
 * /new-home-help/index: the help centre. Articles per built module, kept in the repository
 * (`message/help/articles.ts`), found by a word in their title or text (docs/messages.md).
 */
export function HelpPage() {
  const [params, setParams] = useSearchParams();
  const word = params.get('q') ?? '';
  const results = searchHelp(word);
  const chosen =
    results.find((a) => a.id === params.get('article')) ??
    results[0] ??
    (word ? undefined : HELP_ARTICLES[0]);
  const hrefOf = (id: string) =>
    `?${new URLSearchParams({ ...(word ? { q: word } : {}), article: id })}`;

  return (
    <PageBox aria-labelledby="help-title">
      <h1 id="help-title">帮助中心</h1>
      <Toolbar>
        <KeywordSearch
          key={word}
          initial={word}
          placeholder="输入要查找的词，如 阅卷"
          onSearch={(q) => setParams(q ? { q } : {})}
        />
      </Toolbar>
      <p role="status">
        {word ? `包含“${word}”的帮助共 ${results.length} 篇` : `共 ${results.length} 篇帮助`}
      </p>
      {results.length === 0 ? (
        <Empty text="没有找到包含该词的帮助，请换一个词试试" />
      ) : (
        <Columns>
          <nav aria-label="帮助目录">
            <ul>
              {results.map((a) => (
                <li key={a.id}>
                  <Link to={hrefOf(a.id)} aria-current={a.id === chosen?.id ? 'page' : undefined}>
                    {a.title}
                  </Link>
                  <small>{a.module}</small>
                  {word && (
                    <p>
                      <Highlighted text={snippetOf(a, word)} word={word} />
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          {chosen && (
            <article aria-labelledby="help-article-title">
              <h2 id="help-article-title">{chosen.title}</h2>
              <Markdown text={chosen.body} />
            </article>
          )}
        </Columns>
      )}
    </PageBox>
  );
}
