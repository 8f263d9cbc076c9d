/** Text here is read out by screen readers when it changes (polite, whole message). */
export function LiveRegion({ message, id }: { readonly message: string; readonly id?: string }) {
  return (
    <p id={id} className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  );
}
