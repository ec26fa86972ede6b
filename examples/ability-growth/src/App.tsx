import { useEffect, useState, useSyncExternalStore, type MouseEvent } from 'react';
import type { AbilityGrowthProps } from '@examkit/modules';
import { RecordDialog } from './RecordDialog';

const PAGES = [
  { path: '/ability-growth/home', title: '成长记录' },
  { path: '/ability-growth/registration', title: '成长登记' },
] as const;

const RECORDS = [
  { id: 1, date: '2026-09-12', title: '校园科技节', note: '参加机器人搭建，获二等奖。' },
  { id: 2, date: '2026-10-08', title: '志愿服务', note: '社区图书角整理书籍四小时。' },
  { id: 3, date: '2026-11-03', title: '读书分享', note: '在班会上分享《平凡的世界》。' },
];

/** The sub-application: two pages chosen by the main router's URL, and a dialog. */
export function App({ host }: { host: AbilityGrowthProps }) {
  // Routing by the URL only: the page is whatever the address bar says.
  const location = useSyncExternalStore(host.router.subscribe, () => host.router.location);
  const schoolName = useSyncExternalStore(
    host.state.subscribe,
    () => host.state.getState().user?.schoolName ?? '',
  );
  const [open, setOpen] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [narrow, setNarrow] = useState(() => window.innerWidth < 900);

  useEffect(() => host.tracked.setInterval(() => setSeconds((s) => s + 1), 1000), [host]);
  useEffect(
    () => host.tracked.addEventListener(window, 'resize', () => setNarrow(window.innerWidth < 900)),
    [host],
  );

  const page = PAGES.find((p) => location.pathname.startsWith(p.path)) ?? PAGES[0];
  const go = (event: MouseEvent<HTMLAnchorElement>, path: string) => {
    event.preventDefault();
    host.router.navigate(path);
  };

  return (
    <div className={narrow ? 'ag-app ag-narrow' : 'ag-app'}>
      <header className="ag-header">
        <h1>成长档案</h1>
        <p>
          {schoolName} · 本次已浏览 {seconds} 秒
        </p>
      </header>
      <nav aria-label="成长档案导航" className="ag-nav">
        {PAGES.map((p) => (
          <a
            key={p.path}
            href={p.path}
            aria-current={p === page ? 'page' : undefined}
            onClick={(event) => go(event, p.path)}
          >
            {p.title}
          </a>
        ))}
      </nav>
      <section className="ag-page" aria-label={page.title}>
        <h2>{page.title}</h2>
        {page.path === '/ability-growth/home' ? (
          <ul className="ag-records">
            {RECORDS.map((r) => (
              <li key={r.id}>
                <strong>{r.title}</strong> <span>{r.date}</span>
                <p>{r.note}</p>
              </li>
            ))}
          </ul>
        ) : (
          <form className="ag-form" onSubmit={(event) => event.preventDefault()}>
            <label>
              活动名称
              <input name="title" />
            </label>
            <label>
              活动说明
              <textarea name="note" rows={3} />
            </label>
          </form>
        )}
        <button type="button" className="ag-button" onClick={() => setOpen(true)}>
          填写说明
        </button>
      </section>
      {open && <RecordDialog host={host} onClose={() => setOpen(false)} />}
    </div>
  );
}
