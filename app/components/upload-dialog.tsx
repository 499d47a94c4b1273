import { Dialog } from "./dialog";

/** "Uploading Post..." / "Uploading Photos..." with "Patience is a virtue." and a real progress bar (docs/product.md §19). */
export function UploadDialog({ title, progress }: { title: string; progress: number }) {
  return (
    <Dialog title={title} id="upload" description="Patience is a virtue." alert>
      <progress max={1} value={progress} aria-label="Upload progress" className="progress" />
    </Dialog>
  );
}
