/** Where an order goes, as the confirmation and the customer's order page show it. */
export interface DeliverTo {
  name: string;
  phone: string;
  lines: string[];
  landmark: string;
}

export function DeliveryAddress({ deliverTo }: { deliverTo: DeliverTo }) {
  return (
    <address className="mt-2 not-italic text-stone-800">
      <span className="block font-medium">{deliverTo.name}</span>
      {deliverTo.lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
      {deliverTo.landmark && <span className="block">Landmark: {deliverTo.landmark}</span>}
      <span className="block">Phone: {deliverTo.phone}</span>
    </address>
  );
}
