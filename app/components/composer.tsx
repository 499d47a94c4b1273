import { getFormProps, getSelectProps, getTextareaProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigate, useNavigation, useSubmit } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { Alert } from "~/types/views";

import { CATEGORIES } from "~/utils/categories";
import { useValidation } from "~/utils/form";
import { POST_MAX_CHARACTERS, TOO_MANY_CHARACTERS } from "~/utils/limits";
import { extensionOf, hasAllowedExtension, MAX_FILES, NOT_MEDIA, PHOTO_PICKER_ACCEPT, PICKER_ACCEPT, TOO_MANY_FILES } from "~/utils/media-rules";
import { VIDEOS_UNAVAILABLE } from "~/utils/video-rules";
import { countTextCharacters } from "~/utils/rich-text";
import { AlertToast } from "./alert";
import { ListingFields } from "./listing-fields";
import { OnDemand } from "./on-demand";
import type { PickupSpot } from "~/data/pickup-spots";
import type { MediaEditorField } from "./media-editor";
import { ErrorList, FormErrors } from "./field-errors";
import { Icon } from "./icons";
import { UploadProgress, useUpload } from "./upload-progress";
import { newPhotoAltName, NewPhotoSlots, PhotoDescription } from "./photo-description";
import type { ChosenFile } from "./chosen-photos";
import { loadPostSchemas } from "~/schemas/lazy.client";
import { safePath } from "~/utils/navigation";
import { LOOKING_FOR, SELLING_INSTEAD, WANTED_PLACEHOLDER } from "~/utils/wanted";

const loadChosenPhotos = () => import("./chosen-photos");
const ChosenPhotos = lazy(loadChosenPhotos);

const ALERT_GAP_MS = 3000; // "Too many characters" at most once per 3 s (docs/product.md §6)

type ComposerFields = {
  text?: string;
  category?: string;
  files?: File[];
  price?: string;
  free?: string;
  priceTerms?: string;
  condition?: string;
  pickupSpot?: string;
  media?: { id: string; position?: string; remove?: string; alt?: string }[];
  /** The new files' descriptions, by the field's number (see photo-description.tsx). */
  alts?: Record<string, string>;
  /** A Wanted post's fields. */
  kind?: string;
  courses?: string;
  isbn?: string;
  budget?: string;
};

const SUBMIT_LABEL = { post: "Post", comment: "Reply", edit: "Save" } as const;

export type ComposerProps = {
  /** A new post, a comment, or changes to a post (/post/{id}/edit). */
  kind: "post" | "comment" | "edit";
  /** Where the form posts without JS (the composer's own route). */
  action: string;
  /** Hidden fields the action needs (target of a comment, return page). */
  hidden: Record<string, string>;
  goBack: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** The server asked whether to discard this draft (no-JS close). */
  askDiscard?: boolean;
  /** Called instead of following goBack when the composer sits in a modal. */
  onClose?: () => void;
  /** The post's current values (edit). */
  defaultValue?: Record<string, string>;
  /** The site's campus's pickup spots (post, edit). */
  pickupSpots?: PickupSpot[];
  /** How many photos and videos the post has (edit): new ones may fill the rest of the ten. */
  keptMedia?: number;
  /** The post's photos and videos to remove, move and describe (edit: components/media-editor.tsx). */
  mediaEditor?: (field: MediaEditorField) => ReactNode;
  /** False when this server found no ffmpeg: the author is told before choosing files, and the picker offers photos only. */
  videos?: boolean;
  /** The campus's move-out weeks: Must go by is offered open. */
  moveOut?: boolean;
  /** A Wanted post ("Looking for something?", docs/product.md §7): its fields instead of a listing's. */
  wanted?: boolean;
};

/**
 * The post and comment composer. Without JS it is a plain multipart form whose
 * textarea lines become the blocks. With JS: a live character count that stops
 * at 500, previews, instant checks with the same schema, and uploads with a
 * real progress bar. Each photo has an optional description (its alt text).
 */
export function Composer({ kind, action, hidden, goBack, lastResult, askDiscard = false, onClose, defaultValue, pickupSpots = [], keptMedia = 0, mediaEditor, videos = true, moveOut, wanted = false }: ComposerProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const validation = useValidation(() =>
    loadPostSchemas().then((m) =>
      kind === "post" ? (wanted ? m.wantedSchema : m.postSchema) : kind === "edit" ? (wanted ? m.editWantedSchema : m.editPostSchema) : m.commentSchema,
    ),
  );
  const [result, setResult] = useState(lastResult);
  useEffect(() => setResult(lastResult), [lastResult]);
  const [form, fields] = useForm<ComposerFields>({
    lastResult: result,
    defaultValue,
    // Post, edit and comment schemas share these fields.
    onValidate: validation.onValidate as (ctx: { formData: FormData }) => Submission<ComposerFields, string[]>,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  /** The draft sent back, else the post's own values: what the on-demand fields show. */
  const draftValues = { ...defaultValue, ...result?.initialValue };
  const [count, setCount] = useState(() => countTextCharacters(String(result?.initialValue?.text ?? defaultValue?.text ?? "")));
  const [alert, setAlert] = useState<Alert | null>(null);
  const [previews, setPreviews] = useState<ChosenFile[]>([]);
  const [confirmDiscard, setConfirmDiscard] = useState(askDiscard);
  const upload = useUpload<{ ok: true; redirectTo: string } | { ok: false; reply: SubmissionResult<string[]> }>();
  const lastGood = useRef(String(result?.initialValue?.text ?? defaultValue?.text ?? ""));
  /** The form as it was when it opened (edit: "changed" is the draft to keep). */
  const opened = useRef<string | null>(null);
  const lastAlertAt = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);

  const say = (type: Alert["type"], message: string) => setAlert({ id: `${Date.now()}`, type, message });

  useEffect(() => () => previews.forEach((p) => p.url && URL.revokeObjectURL(p.url)), [previews]);

  function onText(event: FormEvent<HTMLTextAreaElement>) {
    const area = event.currentTarget;
    const n = countTextCharacters(area.value);
    if (n > POST_MAX_CHARACTERS) {
      // Typing past the limit is blocked (docs/product.md §6).
      const caret = Math.max(0, area.selectionStart - (area.value.length - lastGood.current.length));
      area.value = lastGood.current;
      area.setSelectionRange(caret, caret);
      if (Date.now() - lastAlertAt.current >= ALERT_GAP_MS) {
        lastAlertAt.current = Date.now();
        say("danger", TOO_MANY_CHARACTERS);
      }
      return;
    }
    lastGood.current = area.value;
    setCount(n);
  }

  function onFiles(event: FormEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])];
    if (files.length > MAX_FILES) say("okay", TOO_MANY_FILES);
    else if (files.some((f) => !hasAllowedExtension(f.name))) say("danger", NOT_MEDIA);
    const chosenAt = Date.now();
    setPreviews(
      files.slice(0, MAX_FILES).map((f, i) => ({
        name: f.name,
        url: ["jpg", "jpeg", "png", "gif", "webp"].includes(extensionOf(f.name)) ? URL.createObjectURL(f) : null,
        // A new choice starts its descriptions afresh.
        key: `${chosenAt}-${i}`,
      })),
    );
  }

  useEffect(() => {
    if (formRef.current) opened.current = snapshot(new FormData(formRef.current));
  }, []);

  function hasDraft() {
    const el = formRef.current;
    if (!el) return false;
    const data = new FormData(el);
    const files = data.getAll("files").some((f) => f instanceof File && f.size > 0);
    if (kind === "edit") return files || snapshot(data) !== opened.current;
    return String(data.get("text") ?? "").trim() !== "" || files;
  }

  function close() {
    if (onClose) onClose();
    else navigate(safePath(goBack));
  }

  /** With files and JS: send with XMLHttpRequest for upload progress. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "close") {
      event.preventDefault();
      if (hasDraft()) setConfirmDiscard(true);
      else close();
      return;
    }
    form.onSubmit(event);
    if (event.defaultPrevented) return; // invalid: Conform shows why
    const entered = new FormData(event.currentTarget);
    if (!entered.getAll("files").some((f) => f instanceof File && f.size > 0)) return; // no new file: an ordinary submission
    // Each new file goes with its description right after it (the module is loaded once files are chosen).
    event.preventDefault();
    void loadChosenPhotos().then(({ filesWithDescriptions }) => {
      const data = filesWithDescriptions(entered, newPhotoAltName);
      data.set("intent", "send");
      if (kind === "edit") return submit(data, { method: "post", action, encType: "multipart/form-data" });
      // What the upload is for goes in the address: the server decides who may send it before reading the files.
      return upload.send(`/create/upload?${new URLSearchParams(hidden)}`, data).then((body) => {
        if (body?.ok) navigate(safePath(body.redirectTo));
        else if (body) setResult(body.reply);
        else say("danger", "Something went wrong. Try again.");
      });
    });
  }

  const busy = upload.progress !== null || (navigation.state === "submitting" && navigation.formAction === action);
  return (
    <>
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        {...getFormProps(form)}
        {...validation.triggers}
        onSubmit={onSubmit}
        ref={formRef}
        className="composer"
      >
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {wanted ? <input type="hidden" name="kind" value="wanted" /> : null}
        <div className="composer__top">
          <button type="submit" name="intent" value="close" className="icon-button" aria-label="Close" formNoValidate>
            <Icon name="close" />
          </button>
          <button type="submit" name="intent" value="send" className="button button--primary" disabled={busy}>
            {SUBMIT_LABEL[kind]}
          </button>
        </div>
        <FormErrors id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.text.id} className="visually-hidden">
          {kind === "comment" ? "Comment text" : "Post text"}
        </label>
        <textarea
          {...getTextareaProps(fields.text)}
          key={fields.text.key}
          className="composer__text"
          placeholder={kind === "comment" ? "Write a comment..." : wanted ? WANTED_PLACEHOLDER : "What are you selling?"}
          rows={6}
          onInput={onText}
        />
        <ErrorList id={fields.text.errorId} errors={fields.text.errors} />
        <p className="composer__count muted js-only" aria-live="polite">
          {count} / {POST_MAX_CHARACTERS}
        </p>
        {kind === "post" ? (
          // A plain link (URL state): the composer again, as a Wanted post or a listing.
          <p className="composer__switch">
            <Link to={`/create/post?${new URLSearchParams({ ...(wanted ? {} : { kind: "wanted" }), goBack: safePath(goBack) })}`}>{wanted ? SELLING_INSTEAD : LOOKING_FOR}</Link>
          </p>
        ) : null}
        {kind !== "comment" ? (
          // A new tab, so the draft stays as it is.
          <p className="composer__rules muted">
            Weapons, drugs, alcohol and more can't be sold here.{" "}
            <a href="/more/rules" target="_blank" rel="noopener">
              Read the rules<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
        {kind !== "comment" ? (
          <div className="field">
            <label htmlFor={fields.category.id}>Category</label>
            <select
              {...getSelectProps(fields.category)}
              key={fields.category.key}
              defaultValue={String(result?.initialValue?.category ?? defaultValue?.category ?? "all")}
              onChange={() => say("okay", "Category switched")}
            >
              {CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            <ErrorList id={fields.category.errorId} errors={fields.category.errors} />
          </div>
        ) : null}
        {kind !== "comment" && wanted ? <OnDemand.WantedFields untilInteraction={!lastResult} prefix={form.id} values={draftValues} errors={form.allErrors} /> : null}
        {kind !== "comment" && !wanted ? <ListingFields fields={fields} spots={pickupSpots} /> : null}
        {kind !== "comment" && !wanted ? <OnDemand.ListingExtrasFields untilInteraction={!lastResult} prefix={form.id} values={draftValues} errors={form.allErrors} moveOut={moveOut} /> : null}
        {mediaEditor?.({ fieldName: fields.media.name, draft: result?.initialValue?.media, errors: form.allErrors, PhotoDescription })}
        {videos ? null : <p className="composer__rules">{VIDEOS_UNAVAILABLE}</p>}
        <NewPhotoSlots
          count={MAX_FILES - keptMedia}
          drafts={result?.initialValue?.alts as Record<string, string> | undefined}
          errors={form.allErrors}
          accept={videos ? PICKER_ACCEPT : PHOTO_PICKER_ACCEPT}
        />
        {/* Shown first, as a large target, by the stylesheet: the files stay after the text in the body, so a refused upload keeps the draft. */}
        <div className="field photo-picker">
          <label htmlFor={fields.files.id}>{kind === "edit" ? `More photos and videos (up to ${MAX_FILES} in all)` : `Photos and videos (up to ${MAX_FILES})`}</label>
          <input
            id={fields.files.id}
            name={fields.files.name}
            type="file"
            multiple
            accept={videos ? PICKER_ACCEPT : PHOTO_PICKER_ACCEPT}
            aria-invalid={fields.files.errors ? true : undefined}
            aria-describedby={fields.files.errors ? fields.files.errorId : undefined}
            onChange={onFiles}
          />
          <ErrorList id={fields.files.errorId} errors={fields.files.errors} />
        </div>
        {previews.length ? (
          <Suspense fallback={null}>
            <ChosenPhotos files={previews} describe={(i) => <PhotoDescription name={newPhotoAltName(i)} errors={form.allErrors[newPhotoAltName(i)]} />} />
          </Suspense>
        ) : null}

        {confirmDiscard ? <OnDemand.DiscardDialog kind={kind} goBack={goBack} onDiscard={onClose} onKeep={() => setConfirmDiscard(false)} /> : null}
      </Form>

      <UploadProgress title="Uploading Post..." progress={upload.progress} />
      <div className="alerts">{alert ? <AlertToast key={alert.id} alert={alert} /> : null}</div>
    </>
  );
}

/** A form's values as one string, to tell whether anything changed. */
function snapshot(data: FormData): string {
  return JSON.stringify([...data.entries()].filter(([, v]) => typeof v === "string"));
}
