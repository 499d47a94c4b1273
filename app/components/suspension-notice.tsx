/** Where a suspended user's composer, comment box or message composer would be: why they can't, and until when (as a modal: suspension-dialog.tsx). */
export function SuspensionNotice({ text, id }: { text: string; id?: string }) {
  return (
    <p className="panel suspension-notice" role="status" id={id} data-testid="suspension-notice">
      {text}
    </p>
  );
}
