/** Page links (spec §2, §9): 5 around the current page on wide screens, 2 under 769 px, 1 margin page. */
import { NARROW_PAGE_RANGE, pageWindow, WIDE_PAGE_RANGE } from './page-window.js';
import { NARROW_QUERY, useMediaQuery } from '../lib/use-media-query.js';

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label?: string;
}

export function Pagination({ page, totalPages, onChange, label = 'Pages' }: PaginationProps) {
  const narrow = useMediaQuery(NARROW_QUERY);
  if (totalPages <= 1) return null;
  const items = pageWindow(page, totalPages, narrow ? NARROW_PAGE_RANGE : WIDE_PAGE_RANGE);
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="page-link" aria-label="Previous page" disabled={page <= 1} onClick={() => onChange(page - 1)}>‹</button>
      {items.map((item) =>
        item.kind === 'break' ? (
          <span key={`break-${item.after}`} className="pagination-break" aria-hidden="true">…</span>
        ) : (
          <button
            key={item.page}
            type="button"
            className="page-link"
            aria-label={`Page ${item.page}`}
            aria-current={item.page === page ? 'page' : undefined}
            onClick={() => onChange(item.page)}
          >
            {item.page}
          </button>
        ),
      )}
      <button type="button" className="page-link" aria-label="Next page" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>›</button>
    </nav>
  );
}
