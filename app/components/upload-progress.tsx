import { useState } from "react";
import { OnDemand } from "./on-demand";

/**
 * Sends a form with XMLHttpRequest, the one browser API that reports upload
 * progress, to a route that answers JSON. `progress` is 0..1 while it runs.
 */
export function useUpload<Answer>() {
  const [progress, setProgress] = useState<number | null>(null);
  function send(url: string, data: FormData): Promise<Answer | null> {
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", url);
      xhr.responseType = "json";
      xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(e.loaded / e.total);
      xhr.onload = () => {
        setProgress(null);
        resolve((xhr.response as Answer | null) ?? null);
      };
      xhr.onerror = () => {
        setProgress(null);
        resolve(null);
      };
      setProgress(0);
      xhr.send(data);
    });
  }
  return { progress, send };
}

/** The upload's dialog while it runs (its code loads when an upload starts). */
export function UploadProgress({ title, progress }: { title: string; progress: number | null }) {
  if (progress === null) return null;
  return <OnDemand.UploadDialog title={title} progress={progress} />;
}
