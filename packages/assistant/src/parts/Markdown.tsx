import { Fragment, useMemo, type ReactNode } from 'react';
import { parseMarkdown, type Inline } from '../core/markdown';
import { Formula } from './Formula';

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'strong':
        return <strong key={i}>{inline(node.children)}</strong>;
      case 'em':
        return <em key={i}>{inline(node.children)}</em>;
      case 'code':
        return <code key={i}>{node.text}</code>;
      case 'math':
        return <Formula key={i} tex={node.text} />;
      case 'link':
        return (
          <a key={i} href={node.href} target="_blank" rel="noopener noreferrer">
            {node.text}
          </a>
        );
    }
  });
}

export interface MarkdownProps {
  text: string;
  className?: string;
}

/** An answer's Markdown as React elements; raw HTML stays text. */
export function Markdown({ text, className }: MarkdownProps) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return (
    <div className={className} data-part="markdown">
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'heading': {
            const H = `h${Math.min(block.level + 2, 6)}` as 'h3';
            return (
              <H key={i} data-level={block.level}>
                {inline(block.children)}
              </H>
            );
          }
          case 'paragraph':
            return <p key={i}>{inline(block.children)}</p>;
          case 'quote':
            return <blockquote key={i}>{inline(block.children)}</blockquote>;
          case 'rule':
            return <hr key={i} />;
          case 'code':
            return (
              <pre key={i} data-lang={block.lang || undefined} tabIndex={0}>
                <code>{block.text}</code>
              </pre>
            );
          case 'math':
            return <Formula key={i} tex={block.text} display />;
          case 'list': {
            const L = block.ordered ? 'ol' : 'ul';
            return (
              <L key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>{inline(item)}</li>
                ))}
              </L>
            );
          }
          case 'table':
            return (
              <div key={i} data-part="table-scroll" tabIndex={0} role="region" aria-label="表格">
                <table>
                  <thead>
                    <tr>
                      {block.header.map((cell, j) => (
                        <th key={j} scope="col">
                          {inline(cell)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {block.rows.map((row, r) => (
                      <tr key={r}>
                        {row.map((cell, j) => (
                          <td key={j}>{inline(cell)}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
        }
      })}
    </div>
  );
}
