// Side panel of the search screen (spec 000 §2): a narrowing keyword, category checkbox groups
// (a parent checks or clears its children), tag checkboxes, and for provider administrators or
// on the notices category the posting-date range and 掲載期間外も表示. 絞り込む checks the rules
// in the browser (the server checks them again) and searches again from page 1.
import { useEffect, useRef, useState } from 'react';
import { formatMessage } from '../../../schemas/messages/format';
import {
  CheckOption,
  DateRange,
  groupInOrder,
  PanelSection,
  SearchPanel,
  searchPanelStyles as styles,
  TagChecks,
} from '../../components/search-panel/SearchPanel';
import { NO_NARROWING, type Narrowing, type SearchTag } from './search-calls';
import type { CategoryGroup } from './search-state';
import pageStyles from './SiteSearch.module.css';

export const NARROW_KEYWORD_LABEL = '絞り込みキーワード';

interface Props {
  initial: Narrowing;
  groups: CategoryGroup[];
  tags: SearchTag[];
  adminOptions: boolean;
  disabled: boolean;
  onNarrow: (narrowing: Narrowing) => void;
}

function ParentCheckbox({
  group,
  checked,
  onChange,
}: {
  group: CategoryGroup;
  checked: ReadonlySet<number>;
  onChange: (ids: number[], on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const ids = group.members.map((m) => m.categoryId);
  const count = ids.filter((id) => checked.has(id)).length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && count < ids.length;
  }, [count, ids.length]);
  return (
    <label className={styles.checkParent}>
      <input
        ref={ref}
        type="checkbox"
        checked={count === ids.length}
        onChange={(e) => onChange(ids, e.target.checked)}
      />
      <span>{group.name}</span>
    </label>
  );
}

export function SearchSidePanel({ initial, groups, tags, adminOptions, disabled, onNarrow }: Props) {
  const [draft, setDraft] = useState<Narrowing>(initial);
  const checkedCategories = new Set(draft.categories);

  const setCategories = (ids: number[], on: boolean) => {
    const next = new Set(draft.categories);
    for (const c of ids) {
      if (on) next.add(c);
      else next.delete(c);
    }
    setDraft({ ...draft, categories: [...next].sort((a, b) => a - b) });
  };

  // Tags grouped by their category (common tags under 共通), in the order the API gave.
  const tagGroups = groupInOrder(
    tags,
    (t) => t.categoryName || '共通',
    (t) => t.categoryName || '共通',
  ).map((g) => ({ key: g.key, name: g.name, tags: g.items }));

  return (
    <aside className={pageStyles.side} aria-label="絞り込み">
      <SearchPanel
        title="絞り込み"
        keywordLabel={NARROW_KEYWORD_LABEL}
        keyword={draft.keyword}
        placeholder="結果をさらに絞り込む"
        onKeywordChange={(keyword) => setDraft({ ...draft, keyword })}
        check={() =>
          adminOptions && draft.from && draft.to && draft.from > draft.to
            ? [formatMessage('ERR_0005', ['掲載期間From', '掲載期間To'])]
            : []
        }
        onSubmit={(keyword) => onNarrow({ ...draft, keyword })}
        submitLabel="絞り込む"
        secondary={{
          label: 'クリア',
          onClick: () => {
            setDraft(NO_NARROWING);
            onNarrow(NO_NARROWING);
          },
        }}
        disabled={disabled}
      >
        {groups.length > 0 && (
          <PanelSection legend="カテゴリ">
            {groups.map((group) => {
              // A category alone under a parent of its own name is shown as one checkbox.
              const only = group.members.length === 1 ? group.members[0] : undefined;
              return only && only.categoryName === group.name ? (
                <CheckOption
                  key={group.key}
                  label={group.name}
                  checked={checkedCategories.has(only.categoryId)}
                  onChange={(on) => setCategories([only.categoryId], on)}
                />
              ) : (
                <div key={group.key} className={styles.checkGroup} role="group" aria-label={group.name}>
                  <ParentCheckbox group={group} checked={checkedCategories} onChange={setCategories} />
                  <div className={styles.checkChildren}>
                    {group.members.map((m) => (
                      <CheckOption
                        key={m.categoryId}
                        label={m.categoryName}
                        checked={checkedCategories.has(m.categoryId)}
                        onChange={(on) => setCategories([m.categoryId], on)}
                      />
                    ))}
                  </div>
                </div>
              );
            })}
          </PanelSection>
        )}

        {tagGroups.length > 0 && (
          <PanelSection legend="タグ">
            <TagChecks groups={tagGroups} checked={draft.tags} onChange={(t) => setDraft({ ...draft, tags: t })} />
          </PanelSection>
        )}

        {adminOptions && (
          <PanelSection legend="掲載期間">
            <DateRange
              fromLabel="掲載期間From"
              toLabel="掲載期間To"
              from={draft.from}
              to={draft.to}
              onChange={(range) => setDraft({ ...draft, ...range })}
            />
            <CheckOption
              label="掲載期間外も表示"
              checked={draft.outside}
              onChange={(outside) => setDraft({ ...draft, outside })}
            />
          </PanelSection>
        )}
      </SearchPanel>
    </aside>
  );
}
