// The favourite star of a content (spec 000 section 4 "Favourites"): the token is checked first,
// the state flips at once (register is process type 1, release 2), the toggle is sent, and the
// control stays locked for 500 ms.
import { useEffect, useRef, useState } from 'react';
import { alertApiError } from '../../app/errors/alert-api-error';
import { ensureValidSession } from '../../components/session-check';
import { toggleFavorite } from './calls';
import styles from './ContentDetail.module.css';

export const FAVORITE_LOCK_MS = 500;

interface Props {
  categoryId: number;
  contentsId: number;
  initial: boolean;
  screenName: string;
}

export function FavoriteStar({ categoryId, contentsId, initial, screenName }: Props) {
  const [favorite, setFavorite] = useState(initial);
  const [locked, setLocked] = useState(false);
  const lockRef = useRef(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const click = async () => {
    if (lockRef.current) return;
    lockRef.current = true;
    setLocked(true);
    const started = Date.now();
    const unlock = () => {
      const wait = Math.max(0, FAVORITE_LOCK_MS - (Date.now() - started));
      timer.current = window.setTimeout(() => {
        lockRef.current = false;
        setLocked(false);
      }, wait);
    };
    if (!(await ensureValidSession())) {
      unlock();
      return;
    }
    const next = !favorite;
    setFavorite(next);
    try {
      const confirmed = await toggleFavorite(categoryId, contentsId, next, screenName);
      if (typeof confirmed === 'boolean') setFavorite(confirmed);
    } catch (error) {
      setFavorite(!next);
      await alertApiError(error);
    } finally {
      unlock();
    }
  };

  return (
    <button
      type="button"
      className={`${styles.star} ${favorite ? styles.starOn : ''}`}
      aria-pressed={favorite}
      aria-disabled={locked || undefined}
      onClick={() => void click()}
      title={favorite ? 'お気に入りから外す' : 'お気に入りに登録'}
    >
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z"
          fill={favorite ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
      <span>お気に入り</span>
      <span className="visually-hidden">{favorite ? '（登録済み）' : '（未登録）'}</span>
    </button>
  );
}
