// The side search panel of the skill-up hub (spec 002 sections 2.2 and 5): keyword (at most 50;
// a single character is ERR_0028), tags grouped by phase, 未視聴のみ, and for provider
// administrators 掲載期間外も表示. The rules run here first and again on the server.
import {
  CheckOption,
  groupInOrder,
  PanelPlainSection,
  PanelSection,
  SearchPanel,
  TagChecks,
} from '../../components/search-panel/SearchPanel';
import type { SkilupTag, VideoNarrowing } from './calls';

export const KEYWORD_LABEL = 'キーワード';

interface Props {
  value: VideoNarrowing;
  tags: SkilupTag[];
  adminOptions: boolean;
  disabled: boolean;
  onSearch: (n: VideoNarrowing) => void;
  onChange: (n: VideoNarrowing) => void;
}

export function SkilupSearchPanel({ value, tags, adminOptions, disabled, onSearch, onChange }: Props) {
  // The tags of each phase, in the server's order.
  const groups = groupInOrder(
    tags,
    (t) => t.phaseId,
    (t) => t.phaseName,
  ).map((g) => ({ key: g.key, name: g.name, tags: g.items }));
  return (
    <SearchPanel
      title="動画を探す"
      keywordLabel={KEYWORD_LABEL}
      keyword={value.keyword}
      placeholder="例：ヒアリング"
      onKeywordChange={(keyword) => onChange({ ...value, keyword })}
      onSubmit={(keyword) => onSearch({ ...value, keyword })}
      submitLabel="検索"
      disabled={disabled}
    >
      {groups.length > 0 && (
        <PanelSection legend="タグ">
          <TagChecks groups={groups} checked={value.tags} onChange={(t) => onChange({ ...value, tags: t })} />
        </PanelSection>
      )}
      <PanelPlainSection>
        <CheckOption
          label="未視聴のみ"
          checked={value.onlyUnwatched}
          onChange={(onlyUnwatched) => onChange({ ...value, onlyUnwatched })}
        />
        {adminOptions && (
          <CheckOption
            label="掲載期間外も表示"
            checked={value.outsidePostPeriod}
            onChange={(outsidePostPeriod) => onChange({ ...value, outsidePostPeriod })}
          />
        )}
      </PanelPlainSection>
    </SearchPanel>
  );
}
