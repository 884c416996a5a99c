/**
 * A step's part of the page under its h2 (manage booking, pre-check-in). When the guest moves to
 * a step, the heading takes the focus, so a keyboard or screen reader user starts at the new
 * step, not at the button that is gone.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';
import { Panel } from './layout';

export function StepSection(props: { title: ReactNode; subtitle?: ReactNode; focusOnShow: boolean; children: ReactNode }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { focusOnShow } = props;
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);
  return (
    <Panel as="section" padding="roomy" aria-labelledby={id} className="space-y-4">
      <div>
        <h2 id={id} ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {props.title}
        </h2>
        {props.subtitle !== undefined && <p className="text-gray-800">{props.subtitle}</p>}
      </div>
      {props.children}
    </Panel>
  );
}

/** One choice of a step's list (a room type, a rate, an upgrade): what it is, and the button that takes it. */
export function ChoiceRow(props: {
  children: ReactNode;
  buttonText: string;
  buttonLabel: string;
  primary?: boolean;
  onChoose: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-gray-300 p-3">
      <div>{props.children}</div>
      <Button variant={props.primary ? 'primary' : 'secondary'} onClick={props.onChoose} aria-label={props.buttonLabel}>
        {props.buttonText}
      </Button>
    </li>
  );
}
