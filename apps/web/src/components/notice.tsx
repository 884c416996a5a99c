import type { ReactNode } from 'react';

type Tone = 'info' | 'warning' | 'positive' | 'negative';

const TONES: Record<Tone, string> = {
  info: 'border-info bg-info-soft',
  warning: 'border-warning bg-warning-soft',
  positive: 'border-positive bg-positive-soft',
  negative: 'border-negative bg-negative-soft',
};

/** A message block inside the page (warnings, availability outcomes). */
export function Notice(props: { tone: Tone; title?: string; children?: ReactNode; className?: string; live?: boolean }) {
  return (
    <div
      role={props.live ? (props.tone === 'negative' || props.tone === 'warning' ? 'alert' : 'status') : undefined}
      className={`rounded-md border-l-4 px-4 py-3 text-gray-900 ${TONES[props.tone]} ${props.className ?? ''}`}
    >
      {props.title !== undefined && <p className="font-semibold">{props.title}</p>}
      {props.children !== undefined && <div className="text-sm">{props.children}</div>}
    </div>
  );
}
