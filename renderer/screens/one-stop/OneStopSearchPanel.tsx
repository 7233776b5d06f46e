// The search panel of the one-stop guide: keyword (at most 50; a single character is ERR_0028,
// the site-search rule, run again on the server) and the tags of the one-stop categories, grouped
// by category; 検索 switches to the results, 初期表示に戻る back to the category blocks.
import { groupInOrder, PanelSection, SearchPanel, TagChecks } from '../../components/search-panel/SearchPanel';
import type { SearchTag } from '../search/search-calls';
import type { OneStopNarrowing } from './calls';

interface Props {
  value: OneStopNarrowing;
  tags: SearchTag[];
  disabled: boolean;
  searching: boolean;
  onChange: (n: OneStopNarrowing) => void;
  onSearch: (n: OneStopNarrowing) => void;
  onBack: () => void;
}

export function OneStopSearchPanel({ value, tags, disabled, searching, onChange, onSearch, onBack }: Props) {
  const groups = groupInOrder(
    tags,
    (t) => t.categoryName || '共通',
    (t) => t.categoryName || '共通',
  ).map((g) => ({ key: g.key, name: g.name, tags: g.items }));
  return (
    <SearchPanel
      title="ワンストップガイドを探す"
      keywordLabel="キーワード"
      keyword={value.keyword}
      placeholder="例：納期"
      onKeywordChange={(keyword) => onChange({ ...value, keyword })}
      onSubmit={(keyword) => onSearch({ ...value, keyword })}
      submitLabel="検索"
      secondary={searching ? { label: '初期表示に戻る', onClick: onBack } : undefined}
      disabled={disabled}
    >
      {groups.length > 0 && (
        <PanelSection legend="タグ">
          <TagChecks groups={groups} checked={value.tags} onChange={(t) => onChange({ ...value, tags: t })} />
        </PanelSection>
      )}
    </SearchPanel>
  );
}
