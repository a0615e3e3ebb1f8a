import { memo, useCallback, useId, useState } from 'react';
import { Button, Field, makeStyles, mergeClasses, SearchBox, Select, Switch, tokens } from '@fluentui/react-components';
import { DismissRegular, FilterRegular } from '@fluentui/react-icons';
import { belowWidth, fromWidth } from '@hub/ui/breakpoints';
import { touchTarget } from '@hub/ui/site-column';
import type { UrlParamsChangeOptions } from '@hub/ui/url-params';
import { useUrlSearchText } from '@hub/ui/url-search-text';
import { isEventListFiltered, type CommunitySummary, type Country, type EventListParams } from '@hub/shared';
import { formats } from './event-formats';

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'minmax(0, 1fr)',
    alignItems: 'end',
    [fromWidth('small')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [fromWidth('medium')]: { gridTemplateColumns: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr))' },
  },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  // On a phone the filters fold behind one button, so the first event is on the first screen
  // (issue 27); from 600 px they are always shown and the button is not. CSS, not a width read in
  // script: the same markup for every width, nothing moves once the app has started.
  toggle: { alignSelf: 'flex-start', ...touchTarget, [fromWidth('small')]: { display: 'none' } },
  folded: { [belowWidth('small')]: { display: 'none' } },
  filters: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** How many filters are set (the folded button says so: "Filters (2)"). */
export function activeFilterCount(params: EventListParams): number {
  return [
    params.q.trim() !== '',
    params.communityId !== null,
    params.countryId !== null,
    params.format !== null,
    params.past,
  ].filter(Boolean).length;
}

export interface EventFiltersProps {
  params: EventListParams;
  /** What changed (applied to the state last asked for); `typing` changes replace the history entry, others add one (so back steps through filters). */
  onChange: (patch: Partial<EventListParams>, options?: UrlParamsChangeOptions) => void;
  communities: CommunitySummary[] | undefined;
  countries: Country[] | undefined;
}

const anyValue = '';

/**
 * Search (debounced), community, country, format, and the upcoming/past toggle. The three choices
 * are Fluent's Select (the platform's own list: light, and the phone's native picker). On a phone
 * they are folded behind a "Filters" button (a disclosure).
 */
export const EventFilters = memo(function EventFilters({
  params,
  onChange,
  communities,
  countries,
}: EventFiltersProps) {
  const styles = useStyles();
  const commitSearch = useCallback((typed: string) => onChange({ q: typed, page: 1 }, { typing: true }), [onChange]);
  const [text, setText] = useUrlSearchText(params.q, commitSearch);

  const set = (patch: Partial<EventListParams>) => onChange({ ...patch, page: 1 });
  const groups = [
    { label: 'Communities', items: (communities ?? []).filter((c) => c.communityBaseId !== 2) },
    { label: 'Networks', items: (communities ?? []).filter((c) => c.communityBaseId === 2) },
  ].filter((g) => g.items.length > 0);
  // A filter from the URL whose name is not (yet) known still shows as chosen.
  const unknownCommunity =
    params.communityId !== null && !communities?.some((c) => c.id === params.communityId) ? params.communityId : null;
  const unknownCountry =
    params.countryId !== null && !countries?.some((c) => c.id === params.countryId) ? params.countryId : null;
  const idOf = (value: string) => (value === anyValue ? null : Number(value));
  const [unfolded, setUnfolded] = useState(false);
  const panelId = useId();
  const active = activeFilterCount(params);

  return (
    <div className={styles.filters}>
      <Button
        className={styles.toggle}
        icon={<FilterRegular />}
        aria-expanded={unfolded}
        aria-controls={panelId}
        onClick={() => setUnfolded((was) => !was)}
      >
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </Button>
      <div
        id={panelId}
        className={mergeClasses(styles.row, !unfolded && styles.folded)}
        role="search"
        aria-label="Filter events"
      >
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
            <Select
              value={params.communityId === null ? anyValue : String(params.communityId)}
              onChange={(_e, data) => set({ communityId: idOf(data.value) })}
            >
              <option value={anyValue}>Any community</option>
              {unknownCommunity !== null && (
                <option value={String(unknownCommunity)}>Community {unknownCommunity}</option>
              )}
              {groups.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.items.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {c.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          </Field>
          <Field label="Country">
            <Select
              value={params.countryId === null ? anyValue : String(params.countryId)}
              onChange={(_e, data) => set({ countryId: idOf(data.value) })}
            >
              <option value={anyValue}>Any country</option>
              {unknownCountry !== null && <option value={String(unknownCountry)}>Country {unknownCountry}</option>}
              {(countries ?? []).map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Format">
            <Select
              value={params.format ?? anyValue}
              onChange={(_e, data) => set({ format: formats.find((f) => f.value === data.value)?.value ?? null })}
            >
              <option value={anyValue}>Any format</option>
              {formats.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Switch label="Show past events" checked={params.past} onChange={(_e, data) => set({ past: data.checked })} />
        {isEventListFiltered(params) && (
          <Button
            appearance="subtle"
            icon={<DismissRegular />}
            onClick={() => onChange({ communityId: null, countryId: null, format: null, q: '', page: 1 })}
          >
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
});
