import { ChevronDown, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { PRODUCT_NAME } from '#shared/constants.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { drawRecordPath } from '../api/get-draw-record.ts';
import { FindEntry } from './find-entry.tsx';
import { HashValue } from './hash-value.tsx';
import { RecordFacts } from './record-facts.tsx';
import { RecordSection } from './record-section.tsx';
import { VerifyPanel } from './verify-panel.tsx';

function OwnToolsSection({ contestId }: { contestId: string }) {
  const path = drawRecordPath(contestId);
  return (
    <RecordSection title="Check it with your own tools">
      <div className="grid gap-3 text-sm">
        <p>
          Don&apos;t want to trust this page either? {PRODUCT_NAME}&apos;s source code includes a
          short standalone checker that shares no code with the server. Give it this record&apos;s
          address, or the file you downloaded:
        </p>
        <HashValue value={`npm run verify -- ${window.location.origin}${path}`} />
        <p className="text-muted-foreground">
          The protocol is described step by step in docs/draw-protocol.md, beside fixed test
          vectors, so you can also write a checker of your own.
        </p>
        <Button asChild variant="outline" className="w-full sm:w-fit">
          <a href={path} download={`draw-record-${contestId}.json`}>
            <Download aria-hidden />
            Download the record (JSON)
          </a>
        </Button>
      </div>
    </RecordSection>
  );
}

/**
 * The record for those who check it themselves (hashes, the fixed list, the checkers), one tap
 * below the plain account. Hidden rather than unmounted when closed, so a check in progress and
 * a found entry survive closing it.
 */
export function TechnicalRecord({ record, contestId }: { record: DrawRecord; contestId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  return (
    <section className="grid gap-4" aria-label="The technical record">
      <Button
        variant="outline"
        className="w-full justify-between sm:w-fit sm:justify-center"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        {isOpen ? 'Hide the technical record' : 'Show the technical record'}
        <ChevronDown aria-hidden className={cn('transition-transform', isOpen && 'rotate-180')} />
      </Button>
      <div id={panelId} hidden={!isOpen} className={cn('gap-4', isOpen ? 'grid' : 'hidden')}>
        <RecordSection
          title="Check it in your browser"
          description="Your browser recomputes the commitment, the entry list's root and every pick with WebCrypto, and says check by check what matched."
        >
          <VerifyPanel record={record} />
        </RecordSection>

        <RecordSection title="Find my entry">
          <FindEntry record={record} />
        </RecordSection>

        <RecordSection title="The record">
          <RecordFacts record={record} />
        </RecordSection>

        <OwnToolsSection contestId={contestId} />
      </div>
    </section>
  );
}
