// The files chosen in the composer with JS, each photo with its description
// field under it: loaded when files are chosen, so a composer's first visit
// loads none of it. It imports nothing of the composer's (the field comes as
// `describe`), so it stays one small chunk of its own.
import type { ReactNode } from "react";

export type ChosenFile = { url: string | null; name: string; key: string };

export default function ChosenPhotos({ files, describe }: { files: ChosenFile[]; describe: (i: number) => ReactNode }) {
  return (
    <ul className="composer__previews" aria-label="Chosen files">
      {files.map((p, i) => (
        <li key={p.key}>
          {p.url ? (
            <>
              {/* Not posted yet: its name is what tells the author which file this is. */}
              <img src={p.url} alt={p.name} width="72" height="72" />
              {describe(i)}
            </>
          ) : (
            <span className="chip">{p.name}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * A composer's form data with each chosen file followed by its description
 * (`descriptionName(i)` for the i-th file), the order the server pairs them by
 * (see photo-description.tsx).
 */
export function filesWithDescriptions(data: FormData, descriptionName: (i: number) => string): FormData {
  const paired = new FormData();
  const names = new Set(data.getAll("files").map((_, i) => descriptionName(i)));
  for (const [name, value] of data) if (name !== "files" && !names.has(name)) paired.append(name, value);
  data.getAll("files").forEach((file, i) => {
    paired.append("files", file);
    const description = data.get(descriptionName(i));
    if (description) paired.append(descriptionName(i), description);
  });
  return paired;
}
