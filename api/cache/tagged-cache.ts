// Values kept in memory until the change feed says a row they were built from changed. Each
// entry names its sources as tags in the feed's form ("users:0000000003", "categories:*"); a
// message with that tag drops it. A value loaded while any message arrived is returned but not
// kept (it may predate the change), and nothing is kept while the feed is not live.
import { cacheCounters } from '../metrics/metrics';
import { changeFeedOf, RESET, type ChangeFeed } from './change-feed';

export interface TaggedCacheOptions {
  /** Entries kept at most; the oldest go first. */
  max: number;
  /** A safety net only: entries are reloaded after this even when no change was heard. */
  ttlMs: number;
  /** Its name in the metrics (portal_cache_lookups_total). */
  name?: string;
  /**
   * For values of very different sizes (search results of 1 to 1,000 rows): the weight of a value
   * and the most the kept values may weigh together; the oldest go first. Unset: each weighs 1.
   */
  weigh?: (value: never) => number;
  maxWeight?: number;
}

interface Entry<V> {
  value: V;
  tags: readonly string[];
  storedAt: number;
  weight: number;
}

export class TaggedCache<V> {
  private entries = new Map<string, Entry<V>>();
  private byTag = new Map<string, Set<string>>();
  private weight = 0;
  hits = 0;
  misses = 0;
  private readonly counted: ReturnType<typeof cacheCounters>;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly opts: TaggedCacheOptions,
  ) {
    this.counted = cacheCounters(opts.name ?? 'unnamed');
    feed.subscribe((change) => (change === RESET ? this.clear() : this.dropTag(change)));
  }

  /** The kept value, else `load()`'s, kept under its tags (`tags: null`: not kept). */
  async get(key: string, load: () => Promise<{ value: V; tags: readonly string[] | null }>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && this.feed.isLive() && now - hit.storedAt < this.opts.ttlMs) {
      this.hits++;
      this.counted.hit();
      return hit.value;
    }
    this.misses++;
    this.counted.miss();
    const before = this.feed.version;
    const { value, tags } = await load();
    if (tags && this.feed.isLive() && this.feed.version === before) {
      const weight = this.opts.weigh ? (this.opts.weigh as (v: V) => number)(value) : 1;
      this.store(key, { value, tags, storedAt: now, weight });
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.byTag.clear();
    this.weight = 0;
  }

  private store(key: string, entry: Entry<V>): void {
    this.drop(key);
    const maxWeight = this.opts.maxWeight ?? Infinity;
    if (entry.weight > maxWeight) return;
    while (this.entries.size >= this.opts.max || this.weight + entry.weight > maxWeight) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
    this.entries.set(key, entry);
    this.weight += entry.weight;
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private dropTag(tag: string): void {
    const keys = this.byTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) this.drop(key);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys && keys.size === 0) this.byTag.delete(tag);
    }
  }
}

/** A cache the API keeps, declared once where it is used. */
export interface CacheSpec extends TaggedCacheOptions {
  name: string;
}

// One cache of each spec per feed (so per database), made on first use.
const byFeed = new WeakMap<ChangeFeed, Map<CacheSpec, TaggedCache<unknown>>>();

export function namedCache<V>(feed: ChangeFeed, spec: CacheSpec): TaggedCache<V> {
  let caches = byFeed.get(feed);
  if (!caches) byFeed.set(feed, (caches = new Map()));
  let cache = caches.get(spec);
  if (!cache) caches.set(spec, (cache = new TaggedCache<unknown>(feed, spec)));
  return cache as TaggedCache<V>;
}

/**
 * A read kept in memory under `key` until any of its `sources` changes: a table name (any change
 * to it; the table's change-feed trigger has the key '*', migrations/0015_read_cache.ts) or a
 * row tag `table:key` (a per-user table whose trigger names the user: `content_views:<userId>`).
 * The key must hold everything the answer depends on besides those sources: for targeted data
 * the viewer's key (agent code, date, flags), and the user id for a user's own rows, never less.
 * Callers must not change the value they get: it is shared.
 */
export async function cachedRead<V>(
  db: object,
  spec: CacheSpec,
  key: string,
  sources: readonly string[],
  load: () => Promise<V>,
): Promise<V> {
  const feed = changeFeedOf(db);
  if (!feed) return load();
  return namedCache<V>(feed, spec).get(key, async () => ({
    value: await load(),
    tags: sources.map((t) => (t.includes(':') ? t : `${t}:*`)),
  }));
}
