/**
 * The page's boxes (docs/guest-client.md, "Layout"): a `Panel` is the white bordered box that
 * cards, forms and summaries sit in; a `Section` is a part of a page named by its heading for
 * assistive technology, in a Panel or not.
 */
import { useId, type ComponentPropsWithRef, type ElementType, type ReactNode } from 'react';

const PANEL = 'rounded-lg border border-gray-300 bg-white';

const PADDING = {
  none: '',
  compact: 'p-3 sm:p-4',
  normal: 'p-4',
  roomy: 'p-4 sm:p-6',
} as const;

export type PanelPadding = keyof typeof PADDING;

type PanelTag = 'div' | 'section' | 'form' | 'fieldset' | 'li';

/** The white bordered box; `as` names the element it is, `className` adds its layout. */
export function Panel<Tag extends PanelTag = 'div'>({
  as,
  padding = 'normal',
  className = '',
  ...rest
}: { as?: Tag; padding?: PanelPadding } & ComponentPropsWithRef<Tag>) {
  // The element's own props are checked at the call (`ComponentPropsWithRef<Tag>`); here it is any of them.
  const Element = (as ?? 'div') as ElementType;
  return <Element className={`${PANEL} ${PADDING[padding]} ${className}`.trim()} {...(rest as object)} />;
}

const TITLE_SIZE = { base: '', lg: 'text-lg', xl: 'text-xl', '2xl': 'text-2xl' } as const;

/**
 * A part of a page under its `h2`, which names it (aria-labelledby). `subtitle` is a line under
 * the heading; `panel` puts the whole part in a Panel of that padding; `className` spaces its
 * content.
 */
export function Section(props: {
  title: ReactNode;
  titleSize?: keyof typeof TITLE_SIZE;
  subtitle?: ReactNode;
  panel?: PanelPadding;
  className?: string;
  children?: ReactNode;
}) {
  const id = useId();
  const heading = (
    <h2 id={id} className={`${TITLE_SIZE[props.titleSize ?? 'xl']} font-semibold`.trim()}>
      {props.title}
    </h2>
  );
  const content = (
    <>
      {props.subtitle === undefined ? (
        heading
      ) : (
        <div>
          {heading}
          <p className="text-gray-800">{props.subtitle}</p>
        </div>
      )}
      {props.children}
    </>
  );
  if (props.panel === undefined) {
    return (
      <section aria-labelledby={id} className={props.className}>
        {content}
      </section>
    );
  }
  return (
    <Panel as="section" padding={props.panel} aria-labelledby={id} className={props.className}>
      {content}
    </Panel>
  );
}

/** A page's one `h1`; `className` places it. */
export function PageTitle(props: { children: ReactNode; className?: string }) {
  return <h1 className={`text-3xl font-semibold ${props.className ?? ''}`.trim()}>{props.children}</h1>;
}
