import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Dropdown,
  Field,
  makeStyles,
  Option,
  OptionGroup,
  SearchBox,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { fromWidth } from '@hub/ui/breakpoints';
import type { CommunitySummary, Country } from '@hub/shared';
import { formats, isFiltered, type EventListParams } from './event-list-params';

/** How long typing must pause before the search runs (and the URL changes). */
export const searchDelayMs = 300;

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'minmax(0, 1fr)',
    alignItems: 'end',
    [fromWidth('small')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [fromWidth('medium')]: { gridTemplateColumns: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr))' },
  },
  dropdown: { minWidth: 0, width: '100%' },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

export interface EventFiltersProps {
  params: EventListParams;
  /** A new state; `typing` changes replace the history entry, others add one (so back steps through filters). */
  onChange: (next: EventListParams, options?: { typing?: boolean }) => void;
  communities: CommunitySummary[] | undefined;
  countries: Country[] | undefined;
}

const anyValue = '';

/** Search (debounced), community, country, format, and the upcoming/past toggle. */
export function EventFilters({ params, onChange, communities, countries }: EventFiltersProps) {
  const styles = useStyles();
  const [text, setText] = useState(params.q);
  // The URL is the source of truth: back, forward or a cleared filter set the box to what it says.
  const lastSent = useRef(params.q);
  useEffect(() => {
    if (params.q !== lastSent.current) {
      lastSent.current = params.q;
      setText(params.q);
    }
  }, [params.q]);
  useEffect(() => {
    if (text.trim() === params.q.trim()) return;
    const timer = setTimeout(() => {
      lastSent.current = text.trim();
      onChange({ ...params, q: text, page: 1 }, { typing: true });
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [text, params, onChange]);

  const set = (patch: Partial<EventListParams>) => onChange({ ...params, ...patch, page: 1 });
  const groups = [
    { label: 'Communities', items: (communities ?? []).filter((c) => c.communityBaseId !== 2) },
    { label: 'Networks', items: (communities ?? []).filter((c) => c.communityBaseId === 2) },
  ].filter((g) => g.items.length > 0);
  const communityName =
    params.communityId === null
      ? 'Any community'
      : (communities?.find((c) => c.id === params.communityId)?.name ?? `Community ${params.communityId}`);
  const countryName =
    params.countryId === null
      ? 'Any country'
      : (countries?.find((c) => c.id === params.countryId)?.name ?? `Country ${params.countryId}`);
  const formatName = formats.find((f) => f.value === params.format)?.label ?? 'Any format';

  return (
    <div className={styles.row} role="search" aria-label="Filter events">
      <div className={styles.root} style={{ flex: '1 1 100%' }}>
        <Field label="Search events">
          <SearchBox
            value={text}
            maxLength={100}
            placeholder="Title, description or city"
            onChange={(_e, data) => setText(data.value)}
          />
        </Field>
        <Field label="Community">
          <Dropdown
            className={styles.dropdown}
            value={communityName}
            selectedOptions={[params.communityId === null ? anyValue : String(params.communityId)]}
            onOptionSelect={(_e, data) => set({ communityId: data.optionValue ? Number(data.optionValue) : null })}
          >
            <Option value={anyValue}>Any community</Option>
            {groups.map((group) => (
              <OptionGroup key={group.label} label={group.label}>
                {group.items.map((c) => (
                  <Option key={c.id} value={String(c.id)}>
                    {c.name}
                  </Option>
                ))}
              </OptionGroup>
            ))}
          </Dropdown>
        </Field>
        <Field label="Country">
          <Dropdown
            className={styles.dropdown}
            value={countryName}
            selectedOptions={[params.countryId === null ? anyValue : String(params.countryId)]}
            onOptionSelect={(_e, data) => set({ countryId: data.optionValue ? Number(data.optionValue) : null })}
          >
            <Option value={anyValue}>Any country</Option>
            {(countries ?? []).map((c) => (
              <Option key={c.id} value={String(c.id)}>
                {c.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="Format">
          <Dropdown
            className={styles.dropdown}
            value={formatName}
            selectedOptions={[params.format ?? anyValue]}
            onOptionSelect={(_e, data) =>
              set({ format: formats.find((f) => f.value === data.optionValue)?.value ?? null })
            }
          >
            <Option value={anyValue}>Any format</Option>
            {formats.map((f) => (
              <Option key={f.value} value={f.value}>
                {f.label}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      <Switch label="Show past events" checked={params.past} onChange={(_e, data) => set({ past: data.checked })} />
      {isFiltered(params) && (
        <Button
          appearance="subtle"
          icon={<DismissRegular />}
          onClick={() => onChange({ ...params, communityId: null, countryId: null, format: null, q: '', page: 1 })}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
