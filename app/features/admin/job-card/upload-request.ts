// A file sent as the request body with XMLHttpRequest, whose upload events give the progress a
// phone on site needs to see (fetch has none). The answer is JSON either way: the created thing,
// or the API's { message } saying why it failed, which the card shows beside a Retry button.

export type UploadOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

export function uploadFile<T>(
  url: string,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<UploadOutcome<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve({ ok: true, value: body as T });
      const message =
        body && typeof body === "object" && typeof (body as { message?: unknown }).message === "string"
          ? (body as { message: string }).message
          : `The upload failed (the server answered ${xhr.status}).`;
      resolve({ ok: false, message });
    };
    xhr.onerror = () =>
      resolve({ ok: false, message: "The upload did not reach the server. Check your signal and try again." });
    xhr.send(file);
  });
}
