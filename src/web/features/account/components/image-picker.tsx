import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import type { UploadedImage } from '#shared/contracts/contest-images.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FieldMessage } from '#web/components/ui/field.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';

/** What the server takes (docs/product.md#contest-images); it checks the bytes, not the name. */
const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * An image field: drop a file on it or pick one (on a phone, the camera roll), see it, remove it.
 * It holds no image of its own: `image` is what the server has, `onPick` sends a file. Generic
 * (any upload route), so the contest builder's photo field can become this one.
 */
export function ImagePicker({
  label,
  hint,
  image,
  onPick,
  onRemove,
  isBusy = false,
  error,
  previewClassName = 'size-24',
}: {
  label: string;
  hint?: string;
  image: UploadedImage | null;
  onPick: (file: File) => void;
  onRemove: () => void;
  isBusy?: boolean;
  error?: string;
  /** The preview's box; the image keeps its proportions inside it. */
  previewClassName?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const id = useId();
  const messageId = `${id}-message`;

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !isBusy) onPick(file);
  }

  return (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="text-sm font-medium leading-none">
        {label}
      </p>
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error || hint ? messageId : undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={drop}
        className={cn(
          'flex flex-wrap items-center gap-4 rounded-xl border-2 border-dashed p-4 transition-colors',
          isOver ? 'border-primary bg-primary-soft' : 'border-input bg-card',
          error && 'border-destructive',
        )}
      >
        <div
          className={cn(
            'grid shrink-0 place-items-center overflow-hidden rounded-lg bg-muted',
            previewClassName,
          )}
        >
          {isBusy ? (
            <Spinner label="Uploading" />
          ) : image ? (
            <img
              src={image.url}
              width={image.width}
              height={image.height}
              alt={`${label}: preview`}
              className="size-full object-contain"
            />
          ) : (
            <ImageUp aria-hidden className="size-8 text-muted-foreground" />
          )}
        </div>
        <div className="grid min-w-0 flex-1 gap-2">
          <p className="text-sm text-muted-foreground">
            Drop a JPEG, PNG or WebP here, or choose one.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={isBusy}
              onClick={() => inputRef.current?.click()}
            >
              <ImageUp aria-hidden />
              {image ? 'Replace' : 'Choose a file'}
            </Button>
            {image ? (
              <Button
                type="button"
                variant="outline-destructive"
                size="sm"
                disabled={isBusy}
                onClick={onRemove}
              >
                <Trash2 aria-hidden />
                Remove
              </Button>
            ) : null}
          </div>
        </div>
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_TYPES}
          aria-label={label}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file picked again after a refusal is a change too.
            event.target.value = '';
            if (file) onPick(file);
          }}
        />
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
