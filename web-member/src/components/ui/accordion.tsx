import { useId, useState, type ReactNode } from 'react';

/** A disclosure row with a +/- marker (spec section 2, shared blocks). */
export function Accordion({ title, children, defaultOpen = false }: { title: string; children: ReactNode; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  return (
    <div className={`accordion${open ? ' accordion--open' : ''}`}>
      <button type="button" className="accordion__head" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <span>{title}</span>
        <span className="accordion__marker" aria-hidden="true">
          {open ? '-' : '+'}
        </span>
      </button>
      <div id={panelId} className="accordion__panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
