import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * An on/off switch. The track is 44x24 px; the control around it is 44 px tall, a finger's tap
 * (docs/product.md#phones-and-keyboards), with negative margins so that it takes the track's
 * room in a layout.
 */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'group -my-2.5 inline-flex h-11 w-12 shrink-0 cursor-pointer items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <span className="inline-flex h-6 w-11 items-center rounded-full border-2 border-transparent bg-input transition-colors group-data-[state=checked]:bg-primary">
        <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </span>
    </SwitchPrimitive.Root>
  );
}
