// The search criteria of the event list or of the attendance history (spec 002 section 5): each
// list keeps its own. Keyword (at most 50, a single character is ERR_0028), tags, the event
// period From/To (From after To is ERR_0005; one side alone is completed by the server with
// 2001-01-01 / 9999-12-31), and for provider administrators on the event list 開催期間外も表示.
import { formatMessage } from '../../../schemas/messages/format';
import {
  CheckOption,
  DateRange,
  PanelSection,
  SearchPanel,
  TagChecks,
} from '../../components/search-panel/SearchPanel';
import type { EventCriteria, EventTag } from './calls';

export const KEYWORD_LABEL = 'キーワード';
export const FROM_LABEL = '開催期間From';
export const TO_LABEL = '開催期間To';

interface Props {
  title: string;
  value: EventCriteria;
  tags: EventTag[];
  outsideOption: boolean;
  disabled: boolean;
  onChange: (c: EventCriteria) => void;
  onSearch: (c: EventCriteria) => void;
}

export function EventSearchPanel({ title, value, tags, outsideOption, disabled, onChange, onSearch }: Props) {
  return (
    <SearchPanel
      title={title}
      keywordLabel={KEYWORD_LABEL}
      keyword={value.keyword}
      placeholder="例：説明会"
      onKeywordChange={(keyword) => onChange({ ...value, keyword })}
      check={() =>
        value.from && value.to && value.from > value.to ? [formatMessage('ERR_0005', [FROM_LABEL, TO_LABEL])] : []
      }
      onSubmit={(keyword) => onSearch({ ...value, keyword })}
      submitLabel="検索"
      disabled={disabled}
    >
      <PanelSection legend="開催期間">
        <DateRange
          fromLabel={FROM_LABEL}
          toLabel={TO_LABEL}
          from={value.from}
          to={value.to}
          onChange={(range) => onChange({ ...value, ...range })}
        />
        {outsideOption && (
          <CheckOption
            label="開催期間外も表示"
            checked={value.outside}
            onChange={(outside) => onChange({ ...value, outside })}
          />
        )}
      </PanelSection>
      {tags.length > 0 && (
        <PanelSection legend="タグ">
          <TagChecks
            groups={[{ key: 'all', name: '', tags }]}
            checked={value.tags}
            onChange={(t) => onChange({ ...value, tags: t })}
          />
        </PanelSection>
      )}
    </SearchPanel>
  );
}
