import { memo, useCallback } from 'react';
import { Button, Field, makeStyles, SearchBox, Select, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { fromWidth } from '@hub/ui/breakpoints';
import type { UrlParamsChangeOptions } from '@hub/ui/url-params';
import { useUrlSearchText } from '@hub/ui/url-search-text';
import type { CommunityGridParams, CommunitySort } from '@hub/shared';

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'minmax(0, 1fr)',
    alignItems: 'end',
    [fromWidth('small')]: { gridTemplateColumns: 'minmax(0, 2fr) repeat(2, minmax(0, 1fr))' },
    [fromWidth('medium')]: { gridTemplateColumns: 'minmax(0, 2fr) repeat(2, minmax(0, 1fr)) auto' },
  },
});

export const sortLabels: Record<CommunitySort, string> = {
  name: 'Name (A–Z)',
  members: 'Most members',
  newest: 'Newest',
  upcoming: 'Most upcoming events',
};

export interface CommunityGridFiltersProps {
  params: CommunityGridParams;
  /** What changed (applied to the state last asked for); `typing` changes replace the history entry, others add one. */
  onChange: (patch: Partial<CommunityGridParams>, options?: UrlParamsChangeOptions) => void;
  /** The countries that have any of the base, with how many. */
  countries: { countryId: number; countryName: string; count: number }[] | undefined;
  /** "communities" or "networks". */
  plural: string;
  /**
   * Drawn into the page's HTML on the server: the controls cannot be used yet (what is typed or chosen
   * there would be lost when the page renders over the frame), so the search box is read-only and the
   * lists are disabled until then.
   */
  drawnOnServer?: boolean;
}

const anyCountry = '';

/** Search (debounced), country and order: Fluent's Select, the platform's own light list. */
export const CommunityGridFilters = memo(function CommunityGridFilters({
  params,
  onChange,
  countries,
  plural,
  drawnOnServer = false,
}: CommunityGridFiltersProps) {
  const styles = useStyles();
  const commitSearch = useCallback((typed: string) => onChange({ search: typed }, { typing: true }), [onChange]);
  const [text, setText] = useUrlSearchText(params.search, commitSearch);
  // A country from the URL whose name is not (yet) known still shows as chosen.
  const unknownCountry =
    params.countryId !== null && !countries?.some((c) => c.countryId === params.countryId) ? params.countryId : null;
  const filtered = params.search.trim() !== '' || params.countryId !== null;

  return (
    <div className={styles.root} role="search" aria-label={`Find ${plural}`}>
      <Field label={`Search ${plural}`}>
        <SearchBox
          value={text}
          maxLength={100}
          placeholder="Name or description"
          readOnly={drawnOnServer}
          onChange={(_e, data) => setText(data.value)}
        />
      </Field>
      <Field label="Country">
        <Select
          disabled={drawnOnServer}
          value={params.countryId === null ? anyCountry : String(params.countryId)}
          onChange={(_e, data) => onChange({ countryId: data.value === anyCountry ? null : Number(data.value) })}
        >
          <option value={anyCountry}>Any country</option>
          {unknownCountry !== null && <option value={String(unknownCountry)}>Country {unknownCountry}</option>}
          {(countries ?? []).map((c) => (
            <option key={c.countryId} value={String(c.countryId)}>
              {`${c.countryName} (${c.count})`}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Sort by">
        <Select
          disabled={drawnOnServer}
          value={params.sort}
          onChange={(_e, data) => onChange({ sort: data.value as CommunitySort })}
        >
          {(Object.keys(sortLabels) as CommunitySort[]).map((sort) => (
            <option key={sort} value={sort}>
              {sortLabels[sort]}
            </option>
          ))}
        </Select>
      </Field>
      {filtered && (
        <Button
          appearance="subtle"
          disabled={drawnOnServer}
          icon={<DismissRegular />}
          onClick={() => onChange({ search: '', countryId: null })}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
});
