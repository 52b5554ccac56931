import * as Menu from '@radix-ui/react-dropdown-menu';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * Not modal: a modal Radix menu hides the rest of the page with aria-hidden while its links and
 * buttons stay focusable (axe: aria-hidden-focus, serious). A menu needs no modality; Escape and a
 * click outside still close it, and focus returns to the trigger.
 */
export function DropdownMenu(props: ComponentPropsWithoutRef<typeof Menu.Root>) {
  return <Menu.Root modal={false} {...props} />;
}
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;

/**
 * Drawn where its trigger is, not portalled to <body>: the open menu stays inside the trigger's
 * landmark (the header's banner, the page's main; axe "region"), and next to its button in
 * reading order. It is fixed-positioned (floating-ui), so no scrolling or clipping ancestor cuts it,
 * and floating-ui places it right inside the header's backdrop-filter containing block.
 */
export const DropdownMenuContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof Menu.Content>>(
  function DropdownMenuContent({ className, sideOffset = 6, ...props }, ref) {
    return (
      <Menu.Content
        ref={ref}
        sideOffset={sideOffset}
        className={cn('z-50 min-w-48 overflow-hidden rounded-lg border border-border bg-card p-1 text-foreground shadow-lg', className)}
        {...props}
      />
    );
  },
);

export const DropdownMenuItem = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof Menu.Item>>(
  function DropdownMenuItem({ className, ...props }, ref) {
    return (
      <Menu.Item
        ref={ref}
        className={cn(
          'flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
          className,
        )}
        {...props}
      />
    );
  },
);

export function DropdownMenuLabel({ className, ...props }: ComponentPropsWithoutRef<typeof Menu.Label>) {
  return <Menu.Label className={cn('px-2.5 py-2 text-sm', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentPropsWithoutRef<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
}
