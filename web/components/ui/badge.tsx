import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'featured';

const variants: Record<BadgeVariant, string> = {
  default: 'bg-primary text-primary-foreground',
  secondary: 'bg-muted text-foreground',
  outline: 'border border-border text-foreground',
  featured: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
};

export function Badge({ variant = 'default', className, ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', variants[variant], className)}
      {...props}
    />
  );
}
