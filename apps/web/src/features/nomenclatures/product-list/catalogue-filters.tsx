// The products' filters shared by the products list and the price table: search (committed to the URL
// once typing pauses), brand with its product count, category, the screen's own filters, the sort, and a
// reset while any filter is set.
import type { ReactNode } from 'react';
import { Button, Flex, Select } from 'antd';
import { ProductSortField } from '@moda/contracts';
import { ListSearch } from '../../../components/list-search/list-search';
import { useSearchInput } from '../../../lib/use-debounced-value';
import { useCategories, useProductBrands } from '../api/product-list-queries';
import { nomenclaturesText } from '../locale';
import '../nomenclatures.css';

const text = nomenclaturesText.list;

const SORT_OPTIONS = ProductSortField.options.flatMap((field) =>
  [field, `-${field}`].map((value) => ({ value, label: text.sort[value as keyof typeof text.sort] })),
);

export interface CatalogueFilterState {
  brand: string | undefined;
  category: string | undefined;
  search: string;
  sort: string;
}

export function isCatalogueFiltered(state: CatalogueFilterState): boolean {
  return Boolean(state.brand || state.category || state.search);
}

export function CatalogueFilters({
  partnerId,
  state,
  update,
  children,
}: {
  partnerId: number;
  state: CatalogueFilterState;
  update: (
    change: Partial<Record<'brand' | 'category' | 'search' | 'sort', string | undefined>>,
    replace?: boolean,
  ) => void;
  /** The screen's own filters, shown before the sort. */
  children?: ReactNode;
}) {
  const brands = useProductBrands(partnerId);
  const categories = useCategories();
  const [searchInput, setSearchInput] = useSearchInput(state.search, (search) => update({ search }, true));
  return (
    <Flex className="product-list__filters" gap={8} wrap>
      <ListSearch
        className="product-list__search"
        label={text.filters.search}
        placeholder={text.filters.searchPlaceholder}
        input={searchInput}
        setInput={setSearchInput}
        commit={(search) => update({ search })}
      />
      <Select
        className="product-list__select"
        aria-label={text.filters.brand}
        placeholder={text.filters.allBrands}
        allowClear
        showSearch
        value={state.brand}
        onChange={(brand?: string) => update({ brand })}
        options={(brands.data?.items ?? []).map((b) => ({ value: b.name, label: `${b.name} (${b.count})` }))}
      />
      <Select
        className="product-list__select"
        aria-label={text.filters.category}
        placeholder={text.filters.allCategories}
        allowClear
        value={state.category}
        onChange={(category?: string) => update({ category })}
        options={(categories.data?.items ?? []).map((c) => ({ value: c.code, label: c.name }))}
      />
      {children}
      <Select
        className="product-list__select product-list__sort"
        aria-label={text.filters.sort}
        value={state.sort}
        onChange={(sort: string) => update({ sort })}
        options={SORT_OPTIONS}
      />
      {isCatalogueFiltered(state) ? (
        <Button
          onClick={() => {
            setSearchInput('');
            update({ brand: undefined, category: undefined, search: undefined });
          }}
        >
          {text.filters.reset}
        </Button>
      ) : null}
    </Flex>
  );
}
