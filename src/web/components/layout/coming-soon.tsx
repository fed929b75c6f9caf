import { Hammer } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';

/** Holds a route of the specification whose screen has not shipped yet. */
export function ComingSoon({ screen }: { screen: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center px-4">
      <Card className="w-full max-w-md text-center">
        <CardContent className="grid justify-items-center gap-3 pt-8">
          <Hammer aria-hidden className="size-10 text-primary" />
          <h1 className="text-xl font-bold">{screen}</h1>
          <p className="text-sm text-muted-foreground">This screen is coming in a next release.</p>
          <Button asChild variant="outline" className="mt-2">
            <Link href="/">Back to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
