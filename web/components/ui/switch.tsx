import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * An on/off switch (role="switch"). The knob sits inside the track: on the left when off, on the
 * right when on, so its position reads the same as its colour.
 */
export function Switch({
  checked,
  onCheckedChange,
  className,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role' | 'aria-checked'> & { checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'on' : 'off'}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full p-0.5 transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-primary' : 'bg-muted-foreground/40',
        className,
      )}
      {...props}
    >
      <span
        data-switch-knob=""
        aria-hidden="true"
        className={cn('block h-5 w-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none', checked ? 'translate-x-5' : 'translate-x-0')}
      />
    </button>
  );
}
