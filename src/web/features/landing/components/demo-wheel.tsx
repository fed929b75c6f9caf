import { PartyPopper } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { WHEEL_COLORS } from '#web/lib/wheel-colors.ts';
import { labelColorOn, uprightLabel } from '#web/lib/wheel-labels.ts';

const sampleEntrants = ['Maya', 'Jordan', 'Priya', 'Lucas', 'Amara', 'Noah', 'Sofia', 'Kenji'];
const SPIN_MS = 3000;
const SLICE = 360 / sampleEntrants.length;

function randomBelow(limit: number): number {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return values[0]! % limit;
}

function slicePath(index: number): string {
  const start = ((index * SLICE - 90) * Math.PI) / 180;
  const end = (((index + 1) * SLICE - 90) * Math.PI) / 180;
  const [x1, y1, x2, y2] = [Math.cos(start), Math.sin(start), Math.cos(end), Math.sin(end)].map(
    (value) => 100 + 96 * value,
  );
  return `M100 100 L${x1} ${y1} A96 96 0 0 1 ${x2} ${y2} Z`;
}

/** A self-contained sample draw, so visitors see the wheel before they sign up. */
export function DemoWheel() {
  const [rotation, setRotation] = useState(0);
  const [winner, setWinner] = useState<string | null>(null);
  const [isSpinning, setIsSpinning] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const spin = () => {
    const winnerIndex = randomBelow(sampleEntrants.length);
    const turns = 3 + randomBelow(3);
    // Land the middle of the winner's slice under the pointer at the top.
    const target = 360 - (winnerIndex * SLICE + SLICE / 2);
    const next = rotation - (rotation % 360) + turns * 360 + target;
    setWinner(null);
    setIsSpinning(true);
    setRotation(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setIsSpinning(false);
      setWinner(sampleEntrants[winnerIndex]!);
    }, SPIN_MS);
  };

  return (
    <div className="grid justify-items-center gap-4">
      <div className="relative w-full max-w-72">
        <div
          aria-hidden
          className="absolute left-1/2 top-[-6px] z-10 size-0 -translate-x-1/2 border-x-[12px] border-t-[22px] border-x-transparent border-t-foreground"
        />
        <svg
          viewBox="0 0 200 200"
          role="img"
          aria-label={`Demo wheel with ${sampleEntrants.length} sample entrants`}
          className="w-full drop-shadow-lg motion-reduce:transition-none"
          style={{
            transform: `rotate(${rotation}deg)`,
            transition: `transform ${SPIN_MS}ms cubic-bezier(0.17, 0.67, 0.12, 0.99)`,
          }}
        >
          {sampleEntrants.map((name, index) => {
            const color = WHEEL_COLORS[index % WHEEL_COLORS.length]!;
            const label = uprightLabel(index * SLICE + SLICE / 2);
            return (
              <g key={name}>
                <path d={slicePath(index)} fill={color} stroke="#fff" strokeWidth="1" />
                <text
                  x="100"
                  y="100"
                  fill={labelColorOn(color)}
                  fontSize="11"
                  fontWeight="700"
                  textAnchor={label.flipped ? 'start' : 'end'}
                  dominantBaseline="middle"
                  transform={`rotate(${label.degrees} 100 100) translate(${label.flipped ? -86 : 86} 0)`}
                >
                  {name}
                </text>
              </g>
            );
          })}
          <circle cx="100" cy="100" r="16" fill="#fff" />
        </svg>
      </div>
      <p aria-live="polite" className="flex min-h-7 items-center gap-2 text-lg font-bold">
        {winner ? (
          <>
            <PartyPopper aria-hidden className="size-5 text-accent" />
            {winner} wins!
          </>
        ) : isSpinning ? (
          'Spinning...'
        ) : (
          'Eight sample entrants'
        )}
      </p>
      <Button onClick={spin} disabled={isSpinning} size="lg" className="min-w-40">
        {isSpinning ? 'SPINNING...' : 'SPIN'}
      </Button>
    </div>
  );
}
