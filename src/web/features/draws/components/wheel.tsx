import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import type { WheelLayout } from '../lib/wheel-geometry.ts';
import { drawWheelFrame, renderWheelImage } from '../lib/wheel-renderer.ts';

/** Canvas pixels: sharp on a phone's dense screen and on a projector alike. */
const DIAMETER = 840;

export type WheelHandle = {
  draw: (rotationDegrees: number) => void;
  currentRotation: () => number;
};

/**
 * The wheel face. Slices are rendered once per set of entries (timed as `wheel:first-draw`);
 * `draw(rotation)` then costs one rotated image copy per frame, whatever the crowd.
 */
export const Wheel = forwardRef<
  WheelHandle,
  {
    /** The slices' arcs, summed once per set of entries and weights. */
    layout: WheelLayout;
    labels: string[] | null;
    /** Where the wheel rests when not spinning (the winner under the pointer), if anywhere. */
    restingRotation: number | null;
  }
>(function Wheel({ layout, labels, restingRotation }, ref) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rotationRef = useRef(0);
  const image = useMemo(() => {
    const started = performance.now();
    const rendered = renderWheelImage(layout, labels, DIAMETER);
    performance.measure('wheel:first-draw', { start: started, end: performance.now() });
    return rendered;
  }, [layout, labels]);

  const draw = useCallback(
    (rotationDegrees: number) => {
      rotationRef.current = rotationDegrees;
      const context = canvasRef.current?.getContext('2d');
      if (context) drawWheelFrame(context, image, rotationDegrees);
    },
    [image],
  );
  useImperativeHandle(ref, () => ({ draw, currentRotation: () => rotationRef.current }), [draw]);
  // A new image (more entries) or a new resting place: show it.
  useEffect(() => {
    draw(restingRotation ?? rotationRef.current);
  }, [draw, restingRotation]);

  return (
    <canvas
      ref={canvasRef}
      width={DIAMETER}
      height={DIAMETER}
      aria-hidden
      className="size-full rounded-full shadow-lg"
    />
  );
});
