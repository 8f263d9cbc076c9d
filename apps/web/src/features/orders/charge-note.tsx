/** Whether the shopper was charged by a failed attempt, said plainly (issue 8). */
export function ChargeNote({ note }: { readonly note: string | null }) {
  if (!note) return null;
  return (
    <p className="notice" role="status" data-testid="charge-note">
      {note}
    </p>
  );
}
