import { loanStatusColour } from '@lend/contracts';
import { StatusIcon } from './StatusIcon';

/** Icon, the status title in its status colour (`LOAN_STATUS_COLOURS`), and the description. */
export function StatusHeader({ status, title, description }: { status: number; title: string; description: string }) {
  const colour = loanStatusColour(status);
  return (
    <section className="status" data-status={status} aria-labelledby="status-title">
      <StatusIcon status={status} colour={colour} />
      <div>
        <h2 id="status-title" className="status__title" style={{ color: colour }}>
          {title}
        </h2>
        <p className="status__description">{description}</p>
      </div>
    </section>
  );
}
