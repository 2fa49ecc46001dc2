import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { RouterContext } from './context';
import type { To } from './history';
import { useContext } from 'react';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** A plain click opens the address inside the area; modified clicks keep the browser's behaviour. */
function opensHere(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** A real link (`<a href>`: focusable, opens in a new tab) that navigates within the area. */
export function Link({ to, replace = false, onClick, target, ref, ...rest }: LinkProps) {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Link needs a Router above it');
  return (
    <a
      {...rest}
      ref={ref}
      target={target}
      href={router.href(to)}
      onClick={(event) => {
        onClick?.(event);
        if (!opensHere(event, target)) return;
        event.preventDefault();
        router.navigate(to, { replace });
      }}
    />
  );
}
