import type { Minor } from '@hotel/domain/money';
import { useMoney } from '../hooks/use-money';

/** A price, with the undiscounted one struck through when a promotion lowered it. */
export function Price(props: { amount: Minor; original?: Minor; className?: string }) {
  const money = useMoney();
  const discounted = props.original !== undefined && props.original > props.amount;
  return (
    <span className={props.className}>
      {discounted && (
        <>
          <s className="mr-2 font-normal text-gray-700">
            <span className="sr-only">Was </span>
            {money.display(props.original ?? 0)}
          </s>
          <span className="sr-only">now </span>
        </>
      )}
      {money.display(props.amount)}
    </span>
  );
}
