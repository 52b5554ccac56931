import { Input } from '../../../components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { DataTable, Pager, type DataTableProps } from './data-table.tsx';

/**
 * Filter tabs, an optional search box and the filtered table with its pager. The table sits in
 * the selected tab's panel, so each tab's aria-controls names an element that exists (axe
 * aria-valid-attr-value); unselected tabs' panels are not rendered, which ARIA allows.
 */
export function TabbedTable<T, V extends string>({
  tabs,
  tabsLabel,
  value,
  onValueChange,
  search,
  pager,
  ...table
}: DataTableProps<T> & {
  tabs: ReadonlyArray<{ value: V; label: string }>;
  tabsLabel: string;
  value: V;
  onValueChange: (value: V) => void;
  search?: { label: string; placeholder: string; value: string; onChange: (value: string) => void };
  pager: { page: number; total: number; onPage: (page: number) => void };
}) {
  return (
    <Tabs value={value} onValueChange={(v) => onValueChange(v as V)}>
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <TabsList aria-label={tabsLabel}>
          {tabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {search && (
          <Input
            type="search"
            aria-label={search.label}
            placeholder={search.placeholder}
            value={search.value}
            onChange={(e) => search.onChange(e.target.value)}
            className="max-w-sm"
          />
        )}
      </div>
      <TabsContent value={value} className="mt-0">
        <DataTable {...table} />
        <Pager {...pager} />
      </TabsContent>
    </Tabs>
  );
}
