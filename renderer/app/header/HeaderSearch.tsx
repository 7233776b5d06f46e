// Site search box of the header: category select and keyword (spec 000 section 2, section 5).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { normalizeSearchKeyword, validateSearchKeyword, KEYWORD_MAX_LENGTH } from '../../../schemas/rules/keyword';
import type { SiteSearchCategory } from '../../api/types';
import { alertMessage } from '../dialog';
import { messagesOf } from '../form/rule-results';
import styles from './Header.module.css';

interface Props {
  categories: readonly SiteSearchCategory[];
  compact?: boolean;
}

const KEYWORD_LABEL = 'キーワード';

/** Keyword and category of the search page being shown, so the box shows what was searched. */
function currentSearch(pathname: string, search: string): { keyword: string; categoryId: string } {
  if (!pathname.startsWith('/site-serch')) return { keyword: '', categoryId: '' };
  const params = new URLSearchParams(search);
  const fromPath = /^\/site-serch\/categoryId\/([^/]+)/.exec(pathname)?.[1];
  return { keyword: params.get('keyWord') ?? '', categoryId: params.get('categoryId') ?? fromPath ?? '' };
}

export function HeaderSearch({ categories, compact }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [keyword, setKeyword] = useState(() => currentSearch(location.pathname, location.search).keyword);
  const [categoryId, setCategoryId] = useState(() => currentSearch(location.pathname, location.search).categoryId);

  useEffect(() => {
    const current = currentSearch(location.pathname, location.search);
    if (current.keyword) setKeyword(current.keyword);
    if (current.categoryId) setCategoryId(current.categoryId);
  }, [location.pathname, location.search]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = keyword.trim();
    const results = validateSearchKeyword(value, {
      field: 'keyWord',
      label: KEYWORD_LABEL,
      min: 2,
      max: KEYWORD_MAX_LENGTH,
      required: true,
    });
    if (results.length > 0) {
      await alertMessage(messagesOf(results).join('\n'));
      return;
    }
    const params = new URLSearchParams({ keyWord: normalizeSearchKeyword(value) });
    if (categoryId) params.set('categoryId', categoryId);
    void navigate(`/site-serch?${params.toString()}`);
  };

  return (
    <form
      role="search"
      className={`${styles.search} ${compact ? styles.searchCompact : ''}`}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <label htmlFor={`${id}-category`} className="visually-hidden">
        カテゴリ
      </label>
      <select
        id={`${id}-category`}
        className={styles.searchCategory}
        value={categoryId}
        onChange={(event) => setCategoryId(event.target.value)}
      >
        <option value="">すべてのカテゴリ</option>
        {categories.map((category) => (
          <option key={String(category.categoryId)} value={String(category.categoryId)}>
            {category.categoryName}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-keyword`} className="visually-hidden">
        {KEYWORD_LABEL}
      </label>
      <input
        id={`${id}-keyword`}
        type="search"
        className={styles.searchInput}
        value={keyword}
        maxLength={KEYWORD_MAX_LENGTH}
        placeholder="キーワードを入力"
        onChange={(event) => setKeyword(event.target.value)}
        enterKeyHint="search"
      />
      <button type="submit" className={styles.searchButton}>
        <svg viewBox="0 0 20 20" width="15" height="15" aria-hidden="true" focusable="false">
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {compact ? <span className="visually-hidden">検索</span> : '検索'}
      </button>
    </form>
  );
}
