import { ImagePlus, RotateCcw, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { FieldMessage } from '#web/components/ui/field.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { cn } from '#web/lib/cn.ts';
import { IMAGE_ACCEPT } from '../lib/image-file-check.ts';
import type { ImageChoice } from '../lib/use-image-choice.ts';

/** A wide photo shows as the entry page crops it; a square one (a logo) small. */
const shapes = {
  wide: 'aspect-[16/9] w-full',
  square: 'aspect-square w-32',
};

/**
 * A picture field: a drop zone that is also the button opening the file picker (on a phone, the
 * camera roll and the camera), then the picture with Replace and Remove, the upload's progress,
 * and the refusal (the browser's check or the server's message) under it.
 */
export function ImageDropField({
  label,
  hint,
  shape,
  choice,
}: {
  label: string;
  hint: string;
  shape: keyof typeof shapes;
  choice: ImageChoice;
}) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const openPicker = () => input.current?.click();

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !choice.isBusy) choice.choose(file);
  };
  const dropTarget = {
    onDragOver: (event: DragEvent) => {
      // Without this the browser opens the dropped file instead of handing it over.
      event.preventDefault();
      setIsOver(true);
    },
    onDragLeave: () => setIsOver(false),
    onDrop,
  };
  const frame = cn(
    'relative flex items-center justify-center overflow-hidden rounded-xl border-2',
    shapes[shape],
    // Dashed while empty: the place to drop a picture. Highlighted while one is dragged over it.
    isOver
      ? 'border-primary bg-primary-soft'
      : choice.hasPicture
        ? 'border-border bg-muted/40'
        : 'border-dashed border-input bg-muted/40',
  );

  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        aria-describedby={messageId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so the same file chosen again after a refusal is read again.
          event.target.value = '';
          if (file) choice.choose(file);
        }}
      />
      {choice.hasPicture ? (
        <div className={frame} {...dropTarget}>
          {choice.image ? (
            <img src={choice.image.url} alt="" className="size-full object-cover" />
          ) : (
            <span className="break-all p-3 text-center text-xs text-muted-foreground">
              {choice.fileName}
            </span>
          )}
          {choice.progress !== null ? (
            <div className="absolute inset-x-0 bottom-0 grid gap-1 bg-card/90 p-2 text-xs font-medium">
              <Progress value={choice.progress} label={`${label} upload`} />
              {choice.progress < 1
                ? `Uploading... ${Math.round(choice.progress * 100)}%`
                : 'Saving...'}
            </div>
          ) : null}
        </div>
      ) : (
        <button
          type="button"
          onClick={openPicker}
          disabled={choice.isBusy}
          aria-describedby={messageId}
          className={cn(
            frame,
            'flex-col gap-1 p-3 text-center text-sm text-muted-foreground transition-colors hover:border-primary hover:text-foreground',
          )}
          {...dropTarget}
        >
          <ImagePlus aria-hidden className="size-6 text-primary" />
          <span className="font-semibold text-foreground">Choose {label.toLowerCase()}</span>
          <span className="text-xs">or drop it here</span>
        </button>
      )}
      {choice.hasPicture ? (
        <div className="flex flex-wrap gap-2">
          {choice.retry ? (
            <Button
              type="button"
              size="sm"
              onClick={choice.retry}
              disabled={choice.isBusy}
              aria-label={`Try again to upload the ${label.toLowerCase()}`}
            >
              <RotateCcw aria-hidden />
              Try again
            </Button>
          ) : null}
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={openPicker}
            disabled={choice.isBusy}
            aria-label={`Replace ${label.toLowerCase()}`}
          >
            <Upload aria-hidden />
            Replace
          </Button>
          <Button
            type="button"
            variant="outline-destructive"
            size="sm"
            onClick={choice.remove}
            disabled={choice.isBusy}
            aria-label={`Remove ${label.toLowerCase()}`}
          >
            <Trash2 aria-hidden />
            Remove
          </Button>
        </div>
      ) : null}
      <FieldMessage id={messageId} error={choice.error ?? undefined} hint={hint} />
    </div>
  );
}
