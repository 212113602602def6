import { useState } from 'react';

/** What a paged list asks its server for: the search text, the page and the page size. */
export interface ListParams {
  search: string;
  page: number;
  perPage: number;
}

/**
 * The search, page and page size of a paged list. `go` changes any of them; a change that names
 * no page (a new search, another page size) goes back to the first page.
 */
export function useListParams(defaultPerPage: number): ListParams & { go: (next: Partial<ListParams>) => void } {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(defaultPerPage);
  const go = (next: Partial<ListParams>) => {
    if (next.search !== undefined) setSearch(next.search);
    if (next.perPage !== undefined) setPerPage(next.perPage);
    setPage(next.page ?? 1);
  };
  return { search, page, perPage, go };
}
