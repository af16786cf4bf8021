import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A plain table of rows: `columns` are the header's cells, left-aligned and muted (an element for
 * a column without a visible name, e.g. an sr-only "Actions"); the children are the body's rows.
 * `dense` rows have less vertical padding.
 */
export function DataTable({
  columns,
  caption,
  dense,
  children,
}: {
  columns: readonly ReactNode[];
  /** read by screen readers only */
  caption?: string;
  dense?: boolean;
  children: ReactNode;
}) {
  return (
    <table className="w-full text-sm">
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className="text-left text-muted-foreground">
        <tr>
          {columns.map((column, i) => (
            <th key={i} className={cn(dense ? 'py-1' : 'py-2', i < columns.length - 1 && 'pr-3', 'font-medium')}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
