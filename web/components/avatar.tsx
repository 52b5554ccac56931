import { cn } from '../lib/cn.ts';
import { initials } from '../lib/format.ts';
import { safeHttpUrl } from '../lib/safe-url.ts';

const SIZES = { xs: 'h-5 w-5 text-[0.6rem]', sm: 'h-8 w-8 text-xs', md: 'h-9 w-9 text-sm', lg: 'h-16 w-16 text-xl' } as const;
const PIXELS = { xs: 20, sm: 32, md: 36, lg: 64 } as const;

/**
 * A person's picture, or their initials when they have none (decision 226). Decorative: the name
 * is always written next to it, so it has no text of its own.
 */
export function Avatar({ name, url, size = 'sm', className }: { name: string; url: string | null | undefined; size?: keyof typeof SIZES; className?: string }) {
  const src = safeHttpUrl(url);
  const box = cn('inline-grid shrink-0 place-items-center overflow-hidden rounded-full', SIZES[size], className);
  if (src) {
    return <img src={src} alt="" width={PIXELS[size]} height={PIXELS[size]} loading="lazy" decoding="async" className={cn(box, 'object-cover')} data-testid="avatar-image" />;
  }
  return (
    <span aria-hidden="true" className={cn(box, 'bg-accent-soft font-semibold text-accent-soft-foreground')}>
      {initials(name)}
    </span>
  );
}
